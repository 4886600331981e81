// Sign in (SPEC 2 "Auth screens", 4 "Auth"): an existing user gets the login XP and goes to /.
import { useCallback, useState } from 'react';
import { useAtomValue } from 'jotai';
import { hasSignedInAtom } from '@/lib/shell-atoms';
import { Navigate } from 'react-router-dom';
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { validateLogin } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { EmailField, FormField } from './form-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { loginError } from './error-messages';
import { login } from './api';
import { useSignIn } from './use-sign-in';

export function Page() {
  const { signedIn, finish, preload } = useSignIn('existing');
  // A first-time visitor has nothing to come back to (issue 25).
  const returning = useAtomValue(hasSignedInAtom);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');

  const run = useCallback(async () => {
    const problem = validateLogin({ email, password });
    if (problem) throw new FormCheckError(problem);
    await finish(await login(email.trim(), password));
  }, [email, password, finish]);
  const { busy, formError, formErrorId, errorFor, formRef, onSubmit } = useFormSubmit(run, loginError, {
    email,
    password,
  });

  if (signedIn && !busy) return <Navigate to={ROUTES.quests} replace />;

  return (
    <AuthLayout
      title={returning ? 'Welcome back' : 'Welcome'}
      subtitle={
        returning ? 'Sign in to continue your quest.' : 'Sign in, or create an account to start your quest.'
      }
      footer={
        <>
          <Link to={ROUTES.forgotPassword}>Forgot your password?</Link>
          <span>
            New here? <Link to={ROUTES.register}>Create an account</Link>
          </span>
        </>
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
        <FormField
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          value={password}
          onChange={setPassword}
          error={errorFor('password')}
        />
        <FormError id={formErrorId} message={formError} />
        <SubmitButton label="Sign In" busyLabel="Signing In…" busy={busy} />
      </form>
    </AuthLayout>
  );
}
