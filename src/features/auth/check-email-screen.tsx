// Shown after a reset link was requested: the server's message and the way back to sign in.
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';
import { AuthLayout } from './auth-layout';
import { StatusIcon } from './status-icon';

interface CheckEmailScreenProps {
  email: string;
  message: string;
  onRetry: () => void;
}

export function CheckEmailScreen({ email, message, onRetry }: CheckEmailScreenProps) {
  return (
    <AuthLayout title="Check Your Email">
      <div className="auth-status" role="status">
        <StatusIcon kind="mail" />
        <p>{message}</p>
        <p className="muted small">
          We sent it to <strong className="auth-email">{email}</strong>. The link works once and expires in 1
          hour. If it hasn't arrived in a few minutes, check your spam folder.
        </p>
      </div>
      <div className="stack">
        <Link className="btn btn-primary btn-block" to={ROUTES.login}>
          Back to Sign In
        </Link>
        <button type="button" className="btn btn-ghost btn-block" onClick={onRetry}>
          Use a different email
        </button>
      </div>
    </AuthLayout>
  );
}
