// Request a password reset link by e-mail, then the 'Check Your Email' screen.
import { useCallback, useState } from 'react';
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { isValidEmail, MESSAGES } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { EmailField } from './form-field';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { forgotPasswordError } from './error-messages';
import { requestPasswordReset } from './password-api';
import { CheckEmailScreen } from './check-email-screen';

export function Page() {
  const [email, setEmail] = useState('');
  const [sentMessage, setSentMessage] = useState<string | null>(null);

  const run = useCallback(async () => {
    if (!isValidEmail(email)) throw new FormCheckError(MESSAGES.invalidEmail);
    const message = await requestPasswordReset(email.trim());
    setSentMessage(message ?? 'If an account exists for that email, a password reset link has been sent.');
  }, [email]);
  const { busy, formError, formErrorId, errorFor, formRef, onSubmit } = useFormSubmit(
    run,
    forgotPasswordError,
    { email },
  );

  if (sentMessage)
    return (
      <CheckEmailScreen email={email.trim()} message={sentMessage} onRetry={() => setSentMessage(null)} />
    );

  return (
    <AuthLayout
      title="Forgot your password?"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      footer={<Link to={ROUTES.login}>Back to Sign In</Link>}
    >
      <form className="form" ref={formRef} onSubmit={onSubmit} noValidate>
        <EmailField value={email} onChange={setEmail} error={errorFor('email')} />
        <FormError id={formErrorId} message={formError} />
        <SubmitButton label="Send Reset Link" busyLabel="Sending…" busy={busy} />
      </form>
    </AuthLayout>
  );
}
