import type { ReactNode } from 'react';
import { usePageTitle } from '../components/PageHeader.tsx';

/** The signed-out pages (sign in, accept an invitation, reset a password): one narrow column, its own h1 and title. */
export function AuthLayout({ title, children }: { title: string; children: ReactNode }) {
  usePageTitle(title);
  return (
    <main id="main" className="auth-page">
      <div className="auth-card">
        <p className="brand" aria-hidden="true">
          Mailgate
        </p>
        <h1>{title}</h1>
        {children}
      </div>
    </main>
  );
}
