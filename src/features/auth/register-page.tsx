// Account creation (SPEC 2, 5 "Register"): a new user starts with fresh progress and goes to /.
import { useCallback, useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { validateRegister } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { FormField } from './form-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { registerError } from './error-messages';
import { register } from './api';
import { applySignIn } from '@/lib/session';

export function Page() {
  const token = useAtomValue(tokenAtom);
  const navigate = useNavigate();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');

  const run = useCallback(async () => {
    const problem = validateRegister({ email, password, confirmPassword });
    if (problem) throw new FormCheckError(problem);
    applySignIn(await register(email.trim(), password), 'new');
    navigate(ROUTES.quests, { replace: true });
  }, [email, password, confirmPassword, navigate]);
  const { busy, error, onSubmit } = useFormSubmit(run, registerError);

  if (token && !busy) return <Navigate to={ROUTES.quests} replace />;
  const describedBy = error ? errorId : undefined;

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Learn the 50/30/20 budget by playing."
      footer={
        <span>
          Already have an account? <Link to={ROUTES.login}>Sign in</Link>
        </span>
      }
    >
      <form className="form" onSubmit={onSubmit} noValidate>
        <FormField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          autoCapitalize="none"
          spellCheck={false}
          required
          value={email}
          onChange={setEmail}
          errorId={describedBy}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="new-password"
          required
          value={password}
          onChange={setPassword}
          hint="At least 6 characters."
          errorId={describedBy}
        />
        <FormField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          required
          value={confirmPassword}
          onChange={setConfirmPassword}
          errorId={describedBy}
        />
        <p className="auth-age-notice">
          Our Terms of Service require you to be at least 13 years old. By creating an account you agree to
          the <Link to={ROUTES.termsOfService}>Terms of Service</Link> and the{' '}
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>.
        </p>
        <FormError id={errorId} message={error} />
        <SubmitButton label="Create Account" busyLabel="Creating Account…" busy={busy} />
      </form>
    </AuthLayout>
  );
}
