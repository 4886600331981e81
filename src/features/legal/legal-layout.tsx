// The frame of the legal pages: a Back link (Profile when signed in, else sign in), the title
// with its date, and a note linking the other legal pages.
import type { ReactNode } from 'react';
import { Link } from '@/components/link';
import { useAtomValue } from 'jotai';
import { tokenAtom } from '@/lib/shell-atoms';
import { ROUTES } from '@/lib/routes';
import { LegalLinks } from '@/components/legal-links';

export const CONTACT_EMAIL = 'privacy@budgetquest.app';

interface LegalLayoutProps {
  title: string;
  /** The date the text took effect, as shown to readers. */
  updated?: string;
  children: ReactNode;
}

export function LegalLayout({ title, updated, children }: LegalLayoutProps) {
  const signedIn = Boolean(useAtomValue(tokenAtom));
  return (
    <main className="page legal">
      <Link className="btn btn-ghost btn-sm legal-back" to={signedIn ? ROUTES.profile : ROUTES.login}>
        <span aria-hidden="true">←</span> Back
      </Link>
      <article className="card legal-card">
        <header className="legal-header">
          <h1>{title}</h1>
          {updated && <p className="muted">Last updated: {updated}</p>}
        </header>
        {children}
      </article>
      <LegalLinks className="legal-footer" />
    </main>
  );
}

export function ContactLink() {
  return <a href={`mailto:${CONTACT_EMAIL}`}>{CONTACT_EMAIL}</a>;
}
