import { screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { StatusBadge } from './status-badge';
import { TabsNav } from './tabs-nav';

// List links navigate with the app router; these tests only look at what is rendered.
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

// next.config.ts has `trailingSlash: true`; the build tells next/link so through this variable.
beforeAll(() => {
  process.env.__NEXT_TRAILING_SLASH = 'true';
});

describe('TabsNav', () => {
  it('renders link tabs with aria-current on the active one and counts', () => {
    renderWithIntl(
      <TabsNav
        label="Ansichten"
        items={[
          { href: '/accounts/', label: 'Alle', active: true, count: 1234 },
          { href: '/accounts/?view=distributor', label: 'Vertrieb' },
        ]}
      />,
    );
    const nav = screen.getByRole('navigation', { name: 'Ansichten' });
    expect(nav.querySelector('ul')).toHaveClass('nav', 'nav-tabs');
    const all = screen.getByRole('link', { name: /Alle/ });
    expect(all).toHaveAttribute('aria-current', 'page');
    expect(all).toHaveClass('nav-link', 'active');
    expect(all).toHaveTextContent('Alle1.234');
    expect(screen.getByRole('link', { name: 'Vertrieb' })).not.toHaveAttribute('aria-current');
  });
});

describe('StatusBadge', () => {
  it.each([
    ['draft', 'Entwurf', 'text-bg-secondary'],
    ['active', 'Aktiv', 'text-bg-success'],
    ['suspended', 'Gesperrt', 'text-bg-warning'],
    ['archived', 'Archiviert', 'text-bg-dark'],
  ] as const)('shows account status %s as %s', (status, label, className) => {
    renderWithIntl(<StatusBadge kind="account" status={status} />);
    expect(screen.getByTestId('status-badge')).toHaveTextContent(label);
    expect(screen.getByTestId('status-badge')).toHaveClass('badge', className);
  });

  it('translates to English and shows unknown codes as they are', () => {
    renderWithIntl(<StatusBadge kind="account" status="suspended" />, 'en');
    expect(screen.getByTestId('status-badge')).toHaveTextContent('Suspended');
    // A status added to the API before the map knows it.
    renderWithIntl(<StatusBadge kind="account" status={'merged' as 'draft'} />);
    expect(screen.getByText('merged')).toHaveClass('text-bg-secondary');
  });
});
