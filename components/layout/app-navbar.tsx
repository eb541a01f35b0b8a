'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/client-only';
import type { NavItem } from '@/lib/navigation';
import type { SessionUser } from '@/lib/schemas/auth';
import type { ThemePreference } from '@/lib/schemas/themes';
import { GlobalSearch } from './global-search';
import { LanguageSwitch } from './language-switch';
import { UserMenu } from './user-menu';

// The badges ask the API from the browser anyway (the server renders nothing for them), so they and
// TanStack Query load after hydration instead of on the critical path of every page (issue 15).
const ApprovalsBadge = clientOnly(() => import('./approvals-badge').then((module) => module.ApprovalsBadge));
const TasksBadge = clientOnly(() => import('./tasks-badge').then((module) => module.TasksBadge));
const NotificationsBellCount = clientOnly(() =>
  import('./notifications-bell').then((module) => module.NotificationsBellCount),
);
// The theme choice (Hell / Dunkel / System, its state and server action) shows only in the open user
// menu: it loads when the pointer or the focus reaches the menu, or when it opens (issue 30).
const loadThemeMenuItems = () => import('./theme-menu-items').then((module) => module.ThemeMenuItems);
const ThemeMenuItems = clientOnly(loadThemeMenuItems);
const preloadThemeMenuItems = () => void loadThemeMenuItems().catch(() => undefined);

const BELL_PATH =
  'M8 16a2 2 0 0 0 2-2H6a2 2 0 0 0 2 2zM8 1.918l-.797.161A4.002 4.002 0 0 0 4 6c0 .628-.134 2.197-.459 3.742-.16.767-.376 1.566-.663 2.258h10.244c-.287-.692-.502-1.49-.663-2.258C12.134 8.197 12 6.628 12 6a4.002 4.002 0 0 0-3.203-3.92L8 1.917zM14.22 12c.223.447.481.801.78 1H1c.299-.199.557-.553.78-1C2.68 10.2 3 6.88 3 6c0-2.42 1.72-4.44 4.005-4.901a1 1 0 1 1 1.99 0A5.002 5.002 0 0 1 13 6c0 .88.32 4.2 1.22 6z';

export interface AppNavbarProps {
  user: Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'role'>;
  /** The sections this user may open (`navItemsFor`), decided on the server with the route table. */
  sections: readonly NavItem[];
  /** The profile's link, or null while the route table has no profile page. */
  profileHref: string | null;
  /** Whether the user decides approvals: only deciders have requests waiting for them. */
  isDecider: boolean;
  /** The user's theme as the server rendered it (the menu then follows `<html>`). */
  theme: ThemePreference;
}

/**
 * The signed-in navigation. What the user may see is decided by the layout on the server, so the
 * route table and the scope rules stay out of the browser's first load (issue 15).
 */
export function AppNavbar({ user, sections, profileHref, isDecider, theme }: AppNavbarProps) {
  const t = useTranslations('nav');
  const tRoles = useTranslations('roles');
  const pathname = usePathname();
  const [isSigningOut, setSigningOut] = useState(false);
  // Below the lg breakpoint the links fold into a menu the toggler opens; a chosen link closes it.
  const [isExpanded, setExpanded] = useState(false);
  const isActive = (href: string) => (href === '/' ? pathname === '/' : pathname.startsWith(href));
  const collapse = () => setExpanded(false);
  const navLink = (href: string, label: ReactNode) => (
    <Link
      href={href}
      className={`nav-link text-nowrap${isActive(href) ? ' active' : ''}`}
      aria-current={isActive(href) ? 'page' : undefined}
      onClick={collapse}
    >
      {label}
    </Link>
  );

  // Bootstrap's navbar markup and classes; react-bootstrap's Navbar, Nav and NavDropdown brought
  // Popper, transitions and their overlay kit to every signed-in page (issue 15).
  return (
    // Expanded from 1200 px on, over the window's whole width (the eight sections, the language and
    // the user's name need it); narrower windows get the toggler. globals.css fits the brand.
    <nav className="navbar navbar-expand-xl bg-dark d-print-none" data-bs-theme="dark">
      <div className="container-fluid">
        <Link href="/" className="navbar-brand app-brand" onClick={collapse}>
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
            {sections.map((item) => (
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
          <div className="d-flex align-items-xl-center gap-2 flex-column flex-xl-row">
            <GlobalSearch />
            <LanguageSwitch />
            <div className="navbar-nav">
              <Link
                href="/benachrichtigungen/"
                className={`nav-link text-nowrap${isActive('/benachrichtigungen/') ? ' active' : ''}`}
                aria-current={isActive('/benachrichtigungen/') ? 'page' : undefined}
                data-testid="notifications-bell"
                onClick={collapse}
              >
                <svg
                  width="16"
                  height="16"
                  viewBox="0 0 16 16"
                  fill="currentColor"
                  aria-hidden="true"
                  focusable="false"
                >
                  <path d={BELL_PATH} />
                </svg>
                <span className="visually-hidden">{t('notifications')}</span>
                <NotificationsBellCount />
              </Link>
            </div>
            <div className="navbar-nav" onPointerEnter={preloadThemeMenuItems} onFocus={preloadThemeMenuItems}>
              <UserMenu title={`${user.firstName} ${user.lastName}`} label={t('userMenu')} testId="user-menu">
                {(close) => (
                  <>
                    <span className="dropdown-item-text small text-body-secondary">
                      {user.email}
                      <br />
                      {tRoles(user.role)}
                    </span>
                    <hr className="dropdown-divider" role="separator" />
                    {profileHref && (
                      <Link
                        href={profileHref}
                        className="dropdown-item"
                        onClick={() => {
                          close();
                          collapse();
                        }}
                      >
                        {t('profile')}
                      </Link>
                    )}
                    <hr className="dropdown-divider" role="separator" />
                    <ThemeMenuItems initial={theme} />
                    <hr className="dropdown-divider" role="separator" />
                    <button
                      type="button"
                      className="dropdown-item"
                      disabled={isSigningOut}
                      onClick={() => {
                        setSigningOut(true);
                        // Loaded on the click: only this button of every signed-in page needs it.
                        void import('@/lib/auth/browser-auth')
                          .then(({ signOut }) => signOut('/login/?reason=signed-out'))
                          .catch(() => setSigningOut(false));
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
