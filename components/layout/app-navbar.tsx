'use client';

import { hrefs } from '@/lib/hrefs';
import { useState, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { signOut } from '@/lib/auth/browser-auth';
import { useTranslations } from 'next-intl';
import { hasScope } from '@/lib/auth/has-scope';
import { matchRoute } from '@/lib/auth/route-table';
import { navItemsFor } from '@/lib/navigation';
import type { SessionUser } from '@/lib/schemas/auth';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

// The badges ask the API from the browser anyway (the server renders nothing for them), so they and
// TanStack Query load after hydration instead of on the critical path of every page (issue 15).
const ApprovalsBadge = dynamic(() => import('./approvals-badge').then((module) => module.ApprovalsBadge), {
  ssr: false,
});
const TasksBadge = dynamic(() => import('./tasks-badge').then((module) => module.TasksBadge), { ssr: false });

export function AppNavbar({ user }: { user: SessionUser }) {
  const t = useTranslations('nav');
  const tRoles = useTranslations('roles');
  const pathname = usePathname();
  const [isSigningOut, setSigningOut] = useState(false);
  // Below the lg breakpoint the links fold into a menu the toggler opens; a chosen link closes it.
  const [isExpanded, setExpanded] = useState(false);
  const items = navItemsFor((scope) => hasScope(user.scope, scope));
  const isActive = (href: string) => (href === '/' ? pathname === '/' : pathname.startsWith(href));
  const showProfile = Boolean(matchRoute('/profil/'));
  // Only deciders have something waiting for them; everyone else's requests wait for others.
  const isDecider = hasScope(user.scope, 'approvals.decide');
  const collapse = () => setExpanded(false);
  const navLink = (href: string, label: ReactNode) => (
    <Link
      href={href}
      className={`nav-link${isActive(href) ? ' active' : ''}`}
      aria-current={isActive(href) ? 'page' : undefined}
      onClick={collapse}
    >
      {label}
    </Link>
  );

  // Bootstrap's navbar markup and classes; react-bootstrap's Navbar, Nav and NavDropdown brought
  // Popper, transitions and their overlay kit to every signed-in page (issue 15).
  return (
    <nav className="navbar navbar-expand-lg bg-dark d-print-none" data-bs-theme="dark">
      <div className="container">
        <Link href="/" className="navbar-brand" onClick={collapse}>
          Employee Benefits Master Tool
        </Link>
        <button
          type="button"
          className={`navbar-toggler${isExpanded ? '' : ' collapsed'}`}
          aria-controls="main-navigation"
          aria-expanded={isExpanded}
          aria-label={t('toggle')}
          onClick={() => setExpanded((expanded) => !expanded)}
        >
          <span className="navbar-toggler-icon" />
        </button>
        <div id="main-navigation" className={`navbar-collapse collapse${isExpanded ? ' show' : ''}`}>
          <ul className="navbar-nav me-auto" aria-label={t('mainNavigation')}>
            <li className="nav-item">{navLink('/', t('start'))}</li>
            {items.map((item) => (
              <li className="nav-item" key={item.href}>
                {navLink(
                  item.href,
                  <>
                    {t(item.labelKey)}
                    {item.labelKey === 'approvals' && isDecider && <ApprovalsBadge />}
                    {item.labelKey === 'tasks' && <TasksBadge />}
                  </>,
                )}
              </li>
            ))}
          </ul>
          <div className="d-flex align-items-lg-center gap-2 flex-column flex-lg-row">
            <LanguageSwitch />
            <div className="navbar-nav">
              <UserMenu title={`${user.firstName} ${user.lastName}`} label={t('userMenu')} testId="user-menu">
                {(close) => (
                  <>
                    <span className="dropdown-item-text small text-body-secondary">
                      {user.email}
                      <br />
                      {tRoles(user.role)}
                    </span>
                    <hr className="dropdown-divider" role="separator" />
                    {showProfile && (
                      <Link
                        href={hrefs.profile()}
                        className="dropdown-item"
                        onClick={() => {
                          close();
                          collapse();
                        }}
                      >
                        {t('profile')}
                      </Link>
                    )}
                    <button
                      type="button"
                      className="dropdown-item"
                      disabled={isSigningOut}
                      onClick={() => {
                        setSigningOut(true);
                        void signOut('/login/?reason=signed-out');
                      }}
                    >
                      {isSigningOut ? t('signingOut') : t('signOut')}
                    </button>
                  </>
                )}
              </UserMenu>
            </div>
          </div>
        </div>
      </div>
    </nav>
  );
}
