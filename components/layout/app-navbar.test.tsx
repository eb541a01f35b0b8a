import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { ThemePreference } from '@/lib/schemas/themes';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { navItemsFor } from '@/lib/navigation';
import { AppNavbar, type AppNavbarProps } from './app-navbar';

let mockPathname = '/';
jest.mock('next/navigation', () => ({
  usePathname: () => mockPathname,
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }),
}));
// The language switch's server action (its own behaviour is covered by the English journeys).
jest.mock('@/lib/i18n/set-locale-action', () => ({ setLocaleAction: jest.fn(), switchLocaleAction: jest.fn() }));
// The badges ask the API from the browser; here they only show where they are placed.
jest.mock('./approvals-badge', () => ({ ApprovalsBadge: () => <span data-testid="approvals-badge" /> }));
jest.mock('./tasks-badge', () => ({ TasksBadge: () => <span data-testid="tasks-badge" /> }));
// The search dialog loads on demand (its own test: global-search-dialog.test.tsx).
jest.mock('./global-search-dialog', () => ({ GlobalSearchDialog: () => null }));
const mockSignOut = jest.fn((_callbackUrl: string) => Promise.resolve());
jest.mock('@/lib/auth/browser-auth', () => ({ signOut: (callbackUrl: string) => mockSignOut(callbackUrl) }));
// The theme's server action (the API side: e2e/api/profile.spec.ts; the whole way: e2e/tests/theme.spec.ts).
const mockSaveTheme = jest.fn();
jest.mock('./theme-actions', () => ({ saveThemeAction: (theme: ThemePreference) => mockSaveTheme(theme) }));

const user = { firstName: 'Anna', lastName: 'Albrecht', email: 'anna@example.com', role: 'admin' } as const;
const everything = navItemsFor(() => true);

function renderNavbar(props: Partial<AppNavbarProps> = {}) {
  return renderWithIntl(
    <ToastProvider>
      <AppNavbar user={user} sections={everything} profileHref="/profil/" isDecider={false} theme="system" {...props} />
    </ToastProvider>,
  );
}

const mainNavigation = () => screen.getByRole('list', { name: 'Hauptnavigation' });

describe('AppNavbar', () => {
  beforeEach(() => {
    mockPathname = '/';
    mockSignOut.mockClear();
    mockSaveTheme.mockReset();
    // The root layout renders the choice on <html>; here the test does.
    document.documentElement.setAttribute('data-theme-choice', 'system');
  });

  it('holds the theme choice’s place while its code loads, so "Abmelden" does not move under the pointer', async () => {
    // First in this file: React.lazy keeps what it loaded for the file's later tests.
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    // Before the chunk is there: the same items, inert and hidden from assistive technology.
    const placeholder = screen.getByTestId('theme-menu-placeholder');
    expect(placeholder).toHaveAttribute('aria-hidden', 'true');
    expect(placeholder).toHaveTextContent('ErscheinungsbildHellDunkelSystem');
    expect(within(placeholder).queryAllByRole('button', { hidden: true })).toHaveLength(0);
    expect(placeholder.querySelector('.active')).toHaveTextContent('System');
    // Then the real choice takes its place. The lazy import is this test file's first load of that
    // module (Jest transforms it then), which takes over findBy's default second on a busy machine.
    await screen.findByRole('group', { name: 'Erscheinungsbild' }, { timeout: 10_000 });
    expect(screen.queryByTestId('theme-menu-placeholder')).not.toBeInTheDocument();
  });

  it('links the start page and exactly the sections it is given, in their order', () => {
    renderNavbar({ sections: everything.filter((item) => item.labelKey !== 'whitelist') });
    const links = within(mainNavigation()).getAllByRole('link');
    // Jest's next/link drops the trailing slash the app's config keeps.
    expect(links.map((link) => [link.textContent, link.getAttribute('href')?.replace(/(.)\/$/, '$1')])).toEqual([
      ['Start', '/'],
      ['Konten', '/accounts'],
      ['Benutzer', '/benutzer'],
      ['Dokumente', '/dokumente'],
      ['Aufgaben', '/tasks'],
      ['Freigaben', '/freigaben'],
      ['Historie', '/historie'],
    ]);
  });

  it('marks the section of the current page, and the start page only on itself', () => {
    mockPathname = '/accounts/123/edit/';
    renderNavbar();
    expect(screen.getByRole('link', { name: 'Konten' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('link', { name: 'Start' })).not.toHaveAttribute('aria-current');
  });

  it('folds the sections behind the toggler; a chosen link folds them again', () => {
    renderNavbar();
    const toggler = screen.getByRole('button', { name: 'Navigation ein- oder ausblenden' });
    const collapse = document.getElementById('main-navigation')!;
    expect(toggler).toHaveAttribute('aria-expanded', 'false');
    expect(collapse).not.toHaveClass('show');
    fireEvent.click(toggler);
    expect(toggler).toHaveAttribute('aria-expanded', 'true');
    expect(collapse).toHaveClass('show');
    fireEvent.click(screen.getByRole('link', { name: 'Konten' }));
    expect(toggler).toHaveAttribute('aria-expanded', 'false');
    expect(collapse).not.toHaveClass('show');
    // A button inside (the search, the user menu) keeps it open.
    fireEvent.click(toggler);
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    expect(toggler).toHaveAttribute('aria-expanded', 'true');
    // Choosing the profile in the user menu closes the menu and folds the navbar.
    fireEvent.click(screen.getByRole('link', { name: 'Profil' }));
    expect(toggler).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByRole('button', { name: 'Anna Albrecht' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows the approvals badge only to deciders, and the tasks badge to everyone', async () => {
    const { unmount } = renderNavbar({ isDecider: false });
    expect(await screen.findByTestId('tasks-badge')).toBeInTheDocument();
    expect(screen.queryByTestId('approvals-badge')).not.toBeInTheDocument();
    unmount();
    renderNavbar({ isDecider: true });
    const approvals = screen.getByRole('link', { name: /Freigaben/ });
    expect(await within(approvals).findByTestId('approvals-badge')).toBeInTheDocument();
  });

  it('offers the profile only when it has a link for it', () => {
    const { unmount } = renderNavbar({ profileHref: null });
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    expect(screen.queryByRole('link', { name: 'Profil' })).not.toBeInTheDocument();
    unmount();
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    expect(screen.getByRole('link', { name: 'Profil' }).getAttribute('href')).toMatch(/^\/profil\/?$/);
    expect(screen.getByTestId('user-menu')).toHaveTextContent('anna@example.comAdministrator');
  });

  it('signs out through next-auth and says so while it does', async () => {
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Abmelden' }));
    });
    expect(mockSignOut).toHaveBeenCalledWith('/login/?reason=signed-out');
    expect(screen.getByRole('button', { name: 'Abmelden …' })).toBeDisabled();
  });

  it('offers Hell, Dunkel and System in the user menu: a choice shows on <html> at once and is saved', async () => {
    mockSaveTheme.mockResolvedValue({ ok: true, data: {} });
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    // The choice loads with the open menu (issue 30).
    const group = await screen.findByRole('group', { name: 'Erscheinungsbild' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Hell', 'Dunkel', 'System']);
    expect(within(group).getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');

    await act(async () => {
      fireEvent.click(within(group).getByRole('button', { name: 'Dunkel' }));
    });
    expect(document.documentElement).toHaveAttribute('data-theme-choice', 'dark');
    expect(within(group).getByRole('button', { name: 'Dunkel' })).toHaveAttribute('aria-pressed', 'true');
    expect(within(group).getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'false');
    expect(mockSaveTheme).toHaveBeenCalledWith('dark');
  });

  it('goes back to the previous theme and says so when saving fails', async () => {
    mockSaveTheme.mockResolvedValue({
      ok: false,
      error: { statusCode: 503, code: 'service_unavailable', message: '…' },
    });
    renderNavbar();
    fireEvent.click(screen.getByRole('button', { name: 'Anna Albrecht' }));
    const light = await screen.findByRole('button', { name: 'Hell' });
    await act(async () => {
      fireEvent.click(light);
    });
    await waitFor(() => expect(document.documentElement).toHaveAttribute('data-theme-choice', 'system'));
    expect(await screen.findByText(/Das Erscheinungsbild konnte nicht gespeichert werden/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  });
});
