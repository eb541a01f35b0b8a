'use client';

import { lazy, Suspense, useState, type MouseEvent, type ReactNode } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import { clientOnly } from '@/components/ui/client-only';
import type { ThemePreference } from '@/lib/schemas/themes';
import { UserMenu } from './user-menu';

/**
 * The navbar's interactive parts (issue 30): the navbar itself renders on the server (AppNavbar), so
 * its markup, labels and icons are not part of every page's JavaScript; what needs the browser is here.
 */

// The badges ask the API from the browser anyway (the server renders nothing for them), so they and
// TanStack Query load after hydration instead of on the critical path of every page (issue 15), in
// one chunk (navbar-counts.ts).
const loadCounts = () => import('./navbar-counts');
export const ApprovalsBadge = clientOnly(() => loadCounts().then((module) => module.ApprovalsBadge));
export const TasksBadge = clientOnly(() => loadCounts().then((module) => module.TasksBadge));
export const NotificationsBellCount = clientOnly(() => loadCounts().then((module) => module.NotificationsBellCount));
// The theme choice (Hell / Dunkel / System, its state and server action) shows only in the open user
// menu: it loads when the pointer or the focus reaches the menu, or when it opens (issue 30).
const loadThemeMenuItems = () => import('./theme-menu-items').then((module) => module.ThemeMenuItems);
const LazyThemeMenuItems = lazy(() => loadThemeMenuItems().then((component) => ({ default: component })));
const preloadThemeMenuItems = () => void loadThemeMenuItems().catch(() => undefined);

/**
 * The theme choice in the open user menu (which renders only in the browser). Until its code is there,
 * `placeholder` (the same items, inert, from the server) holds its place: when the items appeared late
 * they pushed "Abmelden" down under a pointer already on its way to it, so the click hit "System".
 */
export function ThemeMenuItems({ initial, placeholder }: { initial: ThemePreference; placeholder: ReactNode }) {
  return (
    <Suspense fallback={placeholder}>
      <LazyThemeMenuItems initial={initial} />
    </Suspense>
  );
}

/** Whether a click landed on a link (a chosen section or menu item). */
const onLink = (event: MouseEvent) => event.target instanceof Element && event.target.closest('a[href]') !== null;

/**
 * The brand, the toggler and the part that folds below the lg breakpoint: the toggler opens it, a
 * chosen link closes it.
 */
export function NavbarCollapse({
  brand,
  toggleLabel,
  children,
}: {
  brand: ReactNode;
  toggleLabel: string;
  children: ReactNode;
}) {
  const [isExpanded, setExpanded] = useState(false);
  return (
    <div
      className="container-fluid"
      onClick={(event) => {
        if (onLink(event)) setExpanded(false);
      }}
    >
      {brand}
      <button
        type="button"
        className={`navbar-toggler${isExpanded ? '' : ' collapsed'}`}
        aria-controls="main-navigation"
        aria-expanded={isExpanded}
        aria-label={toggleLabel}
        onClick={() => setExpanded((expanded) => !expanded)}
      >
        <span className="navbar-toggler-icon" />
      </button>
      <div id="main-navigation" className={`navbar-collapse collapse${isExpanded ? ' show' : ''}`}>
        {children}
      </div>
    </div>
  );
}

/**
 * A navbar link, marked as the current section on its pages (the start page only on itself). It does
 * not prefetch: every page is dynamic and none has a loading boundary, so a prefetch is a server
 * render that answers ~1 KB of route tree — ten on every page view, and ten more at its first
 * navigation, which then waited behind them (docs/architecture.md).
 */
export function NavLink({ href, testId, children }: { href: string; testId?: string; children: ReactNode }) {
  const pathname = usePathname();
  const isActive = href === '/' ? pathname === '/' : pathname.startsWith(href);
  return (
    <Link
      href={href}
      prefetch={false}
      className={`nav-link text-nowrap${isActive ? ' active' : ''}`}
      aria-current={isActive ? 'page' : undefined}
      data-testid={testId}
    >
      {children}
    </Link>
  );
}

/** The user menu in the navbar; its theme choice starts loading when the pointer or the focus gets near. */
export function NavbarUserMenu({ title, label, children }: { title: string; label: string; children: ReactNode }) {
  return (
    <div className="navbar-nav" onPointerEnter={preloadThemeMenuItems} onFocus={preloadThemeMenuItems}>
      <UserMenu title={title} label={label} testId="user-menu">
        {children}
      </UserMenu>
    </div>
  );
}

/** "Abmelden": next-auth's sign-out, loaded on the click (only this button of every signed-in page needs it). */
export function SignOutButton({ label, busyLabel }: { label: string; busyLabel: string }) {
  const [isSigningOut, setSigningOut] = useState(false);
  return (
    <button
      type="button"
      className="dropdown-item"
      disabled={isSigningOut}
      onClick={() => {
        setSigningOut(true);
        void import('@/lib/auth/browser-auth')
          .then(({ signOut }) => signOut('/login/?reason=signed-out'))
          .catch(() => setSigningOut(false));
      }}
    >
      {isSigningOut ? busyLabel : label}
    </button>
  );
}
