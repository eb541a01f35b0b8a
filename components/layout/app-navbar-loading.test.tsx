import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ToastProvider } from '@/components/ui/toast-provider';
import { navItemsFor } from '@/lib/navigation';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { AppNavbar } from './app-navbar';

jest.mock('next/navigation', () => ({
  usePathname: () => '/',
  useRouter: () => ({ refresh: jest.fn(), push: jest.fn() }),
}));
jest.mock('@/lib/i18n/set-locale-action', () => ({ setLocaleAction: jest.fn(), switchLocaleAction: jest.fn() }));
jest.mock('./approvals-badge', () => ({ ApprovalsBadge: () => null }));
jest.mock('./tasks-badge', () => ({ TasksBadge: () => null }));
jest.mock('./notifications-bell', () => ({ NotificationsBellCount: () => null }));
jest.mock('./theme-actions', () => ({ saveThemeAction: jest.fn() }));
// Counts the loads of the theme choice's code (issue 30: not with every signed-in page).
const mockThemeItemsLoaded = jest.fn();
jest.mock('./theme-menu-items', () => {
  mockThemeItemsLoaded();
  return jest.requireActual('./theme-menu-items');
});

describe('the user menu’s theme choice', () => {
  it('loads when the pointer reaches the user menu, not with the navbar, and shows when it opens', async () => {
    renderWithIntl(
      <ToastProvider>
        <AppNavbar
          user={{ firstName: 'Anna', lastName: 'Albrecht', email: 'anna@example.com', role: 'admin' }}
          sections={navItemsFor(() => true)}
          profileHref="/profil/"
          isDecider={false}
          theme="dark"
        />
      </ToastProvider>,
    );
    const toggle = screen.getByRole('button', { name: 'Anna Albrecht' });
    expect(mockThemeItemsLoaded).not.toHaveBeenCalled();
    fireEvent.pointerEnter(toggle);
    await waitFor(() => expect(mockThemeItemsLoaded).toHaveBeenCalledTimes(1));
    fireEvent.click(toggle);
    expect(await screen.findByRole('group', { name: 'Erscheinungsbild' })).toBeInTheDocument();
    expect(mockThemeItemsLoaded).toHaveBeenCalledTimes(1);
  });
});
