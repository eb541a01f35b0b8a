import type { ReactNode } from 'react';
import Link from 'next/link';
import { LanguageSwitch } from '@/components/layout/language-switch';
import { MAIN_ID } from '@/components/layout/main-id';

export default function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <>
      <header className="navbar bg-dark d-print-none" data-bs-theme="dark">
        <div className="container">
          <Link href="/" className="navbar-brand">
            Employee Benefits Master Tool
          </Link>
          <LanguageSwitch />
        </div>
      </header>
      <main id={MAIN_ID} tabIndex={-1} className="container py-4 flex-grow-1">
        {children}
      </main>
    </>
  );
}
