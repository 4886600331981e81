// The links to the three legal pages, as the auth and legal screens show them.
import { Link } from '@/components/link';
import { ROUTES } from '@/lib/routes';

export function LegalLinks({ className }: { className: string }) {
  return (
    <nav className={`legal-links ${className}`} aria-label="Legal">
      <Link to={ROUTES.termsOfService}>Terms of Service</Link>
      <Link to={ROUTES.privacyPolicy}>Privacy Policy</Link>
      <Link to={ROUTES.accountDeletion}>Account Deletion</Link>
    </nav>
  );
}
