'use client';

import { hrefs } from '@/lib/hrefs';
import { useState } from 'react';
import Link from 'next/link';
import { usePathname } from 'next/navigation';
import Container from 'react-bootstrap/Container';
import Nav from 'react-bootstrap/Nav';
import NavDropdown from 'react-bootstrap/NavDropdown';
import Navbar from 'react-bootstrap/Navbar';
import { signOut } from '@/lib/auth/browser-auth';
import { useTranslations } from 'next-intl';
import { hasScope } from '@/lib/auth/has-scope';
import { matchRoute } from '@/lib/auth/route-table';
import { navItemsFor } from '@/lib/navigation';
import type { SessionUser } from '@/lib/schemas/auth';
import { ApprovalsBadge } from './approvals-badge';
import { TasksBadge } from './tasks-badge';
import { LanguageSwitch } from './language-switch';

export function AppNavbar({ user }: { user: SessionUser }) {
  const t = useTranslations('nav');
  const tRoles = useTranslations('roles');
  const pathname = usePathname();
  const [isSigningOut, setSigningOut] = useState(false);
  const items = navItemsFor((scope) => hasScope(user.scope, scope));
  const isActive = (href: string) => (href === '/' ? pathname === '/' : pathname.startsWith(href));
  const showProfile = Boolean(matchRoute('/profil/'));
  // Only deciders have something waiting for them; everyone else's requests wait for others.
  const isDecider = hasScope(user.scope, 'approvals.decide');

  return (
    <Navbar expand="lg" bg="dark" data-bs-theme="dark" className="d-print-none" collapseOnSelect>
      <Container>
        <Navbar.Brand as={Link} href="/">
          Employee Benefits Master Tool
        </Navbar.Brand>
        <Navbar.Toggle aria-controls="main-navigation" aria-label={t('toggle')} />
        <Navbar.Collapse id="main-navigation">
          <Nav className="me-auto" as="ul" aria-label={t('mainNavigation')}>
            <Nav.Item as="li">
              <Nav.Link as={Link} href="/" active={isActive('/')} aria-current={isActive('/') ? 'page' : undefined}>
                {t('start')}
              </Nav.Link>
            </Nav.Item>
            {items.map((item) => (
              <Nav.Item as="li" key={item.href}>
                <Nav.Link
                  as={Link}
                  href={item.href}
                  active={isActive(item.href)}
                  aria-current={isActive(item.href) ? 'page' : undefined}
                >
                  {t(item.labelKey)}
                  {item.labelKey === 'approvals' && isDecider && <ApprovalsBadge />}
                  {item.labelKey === 'tasks' && <TasksBadge />}
                </Nav.Link>
              </Nav.Item>
            ))}
          </Nav>
          <div className="d-flex align-items-lg-center gap-2 flex-column flex-lg-row">
            <LanguageSwitch />
            <Nav>
              <NavDropdown
                align="end"
                title={`${user.firstName} ${user.lastName}`}
                id="user-menu"
                aria-label={t('userMenu')}
                data-testid="user-menu"
              >
                <NavDropdown.ItemText className="small text-body-secondary">
                  {user.email}
                  <br />
                  {tRoles(user.role)}
                </NavDropdown.ItemText>
                <NavDropdown.Divider />
                {showProfile && (
                  <NavDropdown.Item as={Link} href={hrefs.profile()}>
                    {t('profile')}
                  </NavDropdown.Item>
                )}
                <NavDropdown.Item
                  as="button"
                  disabled={isSigningOut}
                  onClick={() => {
                    setSigningOut(true);
                    void signOut('/login/?reason=signed-out');
                  }}
                >
                  {isSigningOut ? t('signingOut') : t('signOut')}
                </NavDropdown.Item>
              </NavDropdown>
            </Nav>
          </div>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
