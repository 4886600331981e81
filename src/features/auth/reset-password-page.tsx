// Choose a new password from the e-mailed link (/reset-password?token=...), then back to sign in.
import { useCallback, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Link } from '@/components/link';
import { useSetAtom } from 'jotai';
import { ROUTES } from '@/lib/routes';
import { tokenAtom } from '@/lib/shell-atoms';
import { validateResetPassword } from '@/domain/validation';
import { AuthLayout } from './auth-layout';
import { NewPasswordFields, useNewPassword } from './new-password-fields';
import { FormError } from './form-error';
import { SubmitButton } from './submit-button';
import { StatusIcon } from './status-icon';
import { FormCheckError, useFormSubmit } from './use-form-submit';
import { resetPasswordError } from './error-messages';
import { checkResetToken, resetPassword } from './password-api';

/** SPEC 9: "Redirect after reset 3 s". */
export const RESET_REDIRECT_MS = 3000;
export const INVALID_LINK = 'Invalid password reset link. Please request a new one.';
export const USED_LINK = 'This reset link has already been used or has expired. Please request a new one.';

export function Page() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [done, setDone] = useState<string | null>(null);
  const usable = useLinkCheck(token);

  if (!token) return <InvalidLink message={INVALID_LINK} />;
  if (done) return <ResetDone message={done} />;
  if (usable === false) return <InvalidLink message={USED_LINK} />;
  return <ResetForm token={token} onDone={setDone} />;
}

/**
 * Asks the server once, on opening, whether the link still works, so a used or expired link says
 * so before two passwords are typed. Unknown (null) until it answers; a failed check leaves the
 * form, whose submit reports the problem.
 */
function useLinkCheck(token: string | null): boolean | null {
  const [usable, setUsable] = useState<boolean | null>(null);
  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetToken(token).then(
      (valid) => current && setUsable(valid),
      () => current && setUsable(true),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return usable;
}

function InvalidLink({ message }: { message: string }) {
  return (
    <AuthLayout title="Reset link not valid">
      <div className="auth-status">
        <StatusIcon kind="warning" />
        <p role="alert">{message}</p>
      </div>
      <div className="stack">
        <Link className="btn btn-primary btn-block" to={ROUTES.forgotPassword}>
          Request a new reset link
        </Link>
        <Link className="btn btn-ghost btn-block" to={ROUTES.login}>
          Back to Sign In
        </Link>
      </div>
    </AuthLayout>
  );
}

function ResetForm({ token, onDone }: { token: string; onDone: (message: string) => void }) {
  const passwords = useNewPassword();
  const { password, confirm } = passwords;

  const run = useCallback(async () => {
    const problem = validateResetPassword({ token, password, confirmPassword: confirm });
    if (problem) throw new FormCheckError(problem);
    const message = await resetPassword(token, password);
    onDone(message ?? 'Your password has been reset. You can now sign in.');
  }, [token, password, confirm, onDone]);
  const { busy, formError, formErrorId, errorFor, formRef, onSubmit } = useFormSubmit(
    run,
    resetPasswordError,
    { password, confirmPassword: confirm },
  );

  return (
    <AuthLayout
      title="Set a new password"
      subtitle="Choose a new password for your account."
      footer={
        <>
          <span>
            Link expired? <Link to={ROUTES.forgotPassword}>Request a new one</Link>
          </span>
          <Link to={ROUTES.login}>Back to Sign In</Link>
        </>
      }
    >
      <form className="form" ref={formRef} onSubmit={onSubmit} noValidate>
        <NewPasswordFields label="New Password" value={passwords} errorFor={errorFor} />
        <FormError id={formErrorId} message={formError} />
        <SubmitButton label="Reset Password" busyLabel="Resetting…" busy={busy} />
      </form>
    </AuthLayout>
  );
}

function ResetDone({ message }: { message: string }) {
  const navigate = useNavigate();
  const setToken = useSetAtom(tokenAtom);
  useEffect(() => {
    // The reset ended every older session, this browser's too: sign-in starts fresh.
    setToken(null);
    const timer = window.setTimeout(() => navigate(ROUTES.login, { replace: true }), RESET_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, setToken]);
  return (
    <AuthLayout title="Password Reset Successful">
      <div className="auth-status" role="status">
        <StatusIcon kind="success" />
        <p>{message}</p>
        <p className="muted small">Taking you to sign in…</p>
      </div>
      <Link className="btn btn-primary btn-block" to={ROUTES.login} replace>
        Sign In Now
      </Link>
    </AuthLayout>
  );
}
