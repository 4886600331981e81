// Account creation (SPEC 2, 5 "Register"): a new user starts with fresh progress and goes to /.
import { useCallback, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { validateRegister } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { EmailField } from './form-field';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { registerError } from './error-messages';
import { register } from './api';
import { useSignIn } from './use-sign-in';

export function Page() {
  const { signedIn, finish, preload } = useSignIn('new');
  const [email, setEmail] = useState('');
  const passwords = useNewPassword();
  const { password, confirm } = passwords;

  const run = useCallback(async () => {
    const problem = validateRegister({ email, password, confirmPassword: confirm });
    if (problem) throw new FormCheckError(problem);
    await finish(await register(email.trim(), password));
  }, [email, password, confirm, finish]);
  const { busy, formError, formErrorId, errorFor, formRef, onSubmit } = useFormSubmit(run, registerError, {
    email,
    password,
    confirmPassword: confirm,
  });

  if (signedIn && !busy) return <Navigate to={ROUTES.quests} replace />;

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
      {/* Starting on the form fetches what the sign-in will need, while the visitor types. */}
      <form
        className="form"
        ref={formRef}
        onSubmit={onSubmit}
        onFocus={preload}
        onPointerDown={preload}
        noValidate
      >
        <EmailField value={email} onChange={setEmail} error={errorFor('email')} />
        <NewPasswordFields label="Password" value={passwords} errorFor={errorFor} />
        <p className="auth-age-notice">
          Our Terms of Service require you to be at least 13 years old. By creating an account you agree to
          the <Link to={ROUTES.termsOfService}>Terms of Service</Link> and the{' '}
          <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>.
        </p>
        <FormError id={formErrorId} message={formError} />
        <SubmitButton label="Create Account" busyLabel="Creating Account…" busy={busy} />
      </form>
    </AuthLayout>
  );
}
