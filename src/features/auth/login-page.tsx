// Sign in (SPEC 2 "Auth screens", 4 "Auth"): an existing user gets the login XP and goes to /.
import { useCallback, useId, useState } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/atoms';
import { ROUTES } from '@/lib/routes';
import { validateLogin } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { FormField } from './form-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { loginError } from './error-messages';
import { login } from './api';
import { applySignIn } from '@/lib/session';

export function Page() {
  const token = useAtomValue(tokenAtom);
  const navigate = useNavigate();
  const errorId = useId();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const run = useCallback(async () => {
    const problem = validateLogin({ email, password });
    if (problem) throw new FormCheckError(problem);
    applySignIn(await login(email.trim(), password), 'existing');
    navigate(ROUTES.quests, { replace: true });
  }, [email, password, navigate]);
  const { busy, error, onSubmit } = useFormSubmit(run, loginError);

  if (token && !busy) return <Navigate to={ROUTES.quests} replace />;

  return (
    <AuthLayout
      title="Welcome back"
      subtitle="Sign in to continue your quest."
      footer={
        <>
          <Link to={ROUTES.forgotPassword}>Forgot your password?</Link>
          <span>
            New here? <Link to={ROUTES.register}>Create an account</Link>
          </span>
        </>
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
          errorId={error ? errorId : undefined}
        />
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          errorId={error ? errorId : undefined}
        />
        <FormError id={errorId} message={error} />
        <SubmitButton label="Sign In" busyLabel="Signing In…" busy={busy} />
      </form>
    </AuthLayout>
  );
}
