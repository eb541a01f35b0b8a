import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { NavItem } from '@/lib/navigation';
import type { SessionUser } from '@/lib/schemas/auth';
import { THEMES, type ThemePreference } from '@/lib/schemas/themes';
import { GlobalSearch } from './global-search';
import { LanguageSwitch } from './language-switch';
import {
  ApprovalsBadge,
  NavbarCollapse,
  NavbarUserMenu,
  NavLink,
  NotificationsBellCount,
  SignOutButton,
  TasksBadge,
  ThemeMenuItems,
} from './navbar-parts';

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
 * route table and the scope rules stay out of the browser's first load (issue 15); the navbar itself
 * renders on the server too, and only its interactive parts (`navbar-parts.tsx`: the toggler, the
 * current section's mark, the user menu, the search, the language) are JavaScript (issue 30).
 */
export function AppNavbar({ user, sections, profileHref, isDecider, theme }: AppNavbarProps) {
  const t = useTranslations('nav');
  const tRoles = useTranslations('roles');
  const tThemes = useTranslations('common.themes');

  // Bootstrap's navbar markup and classes; react-bootstrap's Navbar, Nav and NavDropdown brought
  // Popper, transitions and their overlay kit to every signed-in page (issue 15).
  return (
    // Expanded from 1200 px on, over the window's whole width (the eight sections, the language and
    // the user's name need it); narrower windows get the toggler. globals.css fits the brand.
    <nav className="navbar navbar-expand-xl bg-dark d-print-none" data-bs-theme="dark">
      <NavbarCollapse
        toggleLabel={t('toggle')}
        brand={
          <Link href="/" prefetch={false} className="navbar-brand app-brand">
            Employee Benefits Master Tool
          </Link>
        }
      >
        <ul className="navbar-nav me-auto" aria-label={t('mainNavigation')}>
          <li className="nav-item">
            <NavLink href="/">{t('start')}</NavLink>
          </li>
          {sections.map((item) => (
            <li className="nav-item" key={item.href}>
              <NavLink href={item.href}>
                {t(item.labelKey)}
                {item.labelKey === 'approvals' && isDecider && <ApprovalsBadge />}
                {item.labelKey === 'tasks' && <TasksBadge />}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="d-flex align-items-xl-center gap-2 flex-column flex-xl-row">
          <GlobalSearch />
          <LanguageSwitch />
          <div className="navbar-nav">
            <NavLink href="/benachrichtigungen/" testId="notifications-bell">
              <svg width="16" height="16" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
                <path d={BELL_PATH} />
              </svg>
              <span className="visually-hidden">{t('notifications')}</span>
              <NotificationsBellCount />
            </NavLink>
          </div>
          <NavbarUserMenu title={`${user.firstName} ${user.lastName}`} label={t('userMenu')}>
            <span className="dropdown-item-text small text-body-secondary">
              {user.email}
              <br />
              {tRoles(user.role)}
            </span>
            <hr className="dropdown-divider" role="separator" />
            {profileHref && (
              <Link href={profileHref} prefetch={false} className="dropdown-item">
                {t('profile')}
              </Link>
            )}
            {user.role === 'admin' && (
              <>
                <Link href="/einstellungen/api-schluessel/" prefetch={false} className="dropdown-item">
                  {t('apiKeys')}
                </Link>
                <Link href="/einstellungen/webhooks/" prefetch={false} className="dropdown-item">
                  {t('webhooks')}
                </Link>
              </>
            )}
            <hr className="dropdown-divider" role="separator" />
            <ThemeMenuItems
              initial={theme}
              placeholder={
                <div aria-hidden="true" data-testid="theme-menu-placeholder">
                  <div className="dropdown-header text-body-secondary">{tThemes('title')}</div>
                  {THEMES.map((option) => (
                    <div key={option} className={`dropdown-item${option === theme ? ' active' : ''}`}>
                      {tThemes(option)}
                    </div>
                  ))}
                </div>
              }
            />
            <hr className="dropdown-divider" role="separator" />
            <SignOutButton label={t('signOut')} busyLabel={t('signingOut')} />
          </NavbarUserMenu>
        </div>
      </NavbarCollapse>
    </nav>
  );
}
