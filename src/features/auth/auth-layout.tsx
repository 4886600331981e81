// The centred card shared by the signed-out screens: brand, page title, content, legal links.
import type { ReactNode } from 'react';
import { LegalLinks } from '@/components/legal-links';
import { BrandLogo } from './brand-logo';

interface AuthLayoutProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Links under the card's content (sign-in / register switches). */
  footer?: ReactNode;
}

export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <main className="auth-page">
      <div className="auth-card card">
        <p className="auth-brand">
          <BrandLogo />
          <span>Budget Quest</span>
        </p>
        <h1 className="auth-title">{title}</h1>
        {subtitle && <p className="auth-subtitle muted">{subtitle}</p>}
        {children}
        {footer && <div className="auth-links">{footer}</div>}
      </div>
      <LegalLinks className="auth-legal" />
    </main>
  );
}
