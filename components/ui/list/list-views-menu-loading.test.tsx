import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ColumnsMenu, SavedViewsMenu } from './list-views-menu';

jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: jest.fn(), replace: jest.fn() }),
  usePathname: () => '/accounts/',
  useSearchParams: () => new URLSearchParams(),
}));
jest.mock('./list-view-actions', () => ({}));
// Counts the loads of the panels' code (issue 30: not with the list).
const mockPanelsLoaded = jest.fn();
jest.mock('./list-views-panels', () => {
  mockPanelsLoaded();
  return jest.requireActual('./list-views-panels');
});

describe('the lists’ "Ansichten" and "Spalten" panels', () => {
  it('load their code when the pointer reaches a button, not with the list, and once for both', async () => {
    renderWithIntl(
      <>
        <SavedViewsMenu list="accounts" path="/accounts/" views={[]} currentQuery="hide=" />
        <ColumnsMenu list="accounts" columns={[['city', 'Ort']]} hidden={[]} />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Ansichten' })).toHaveAttribute('aria-expanded', 'false');
    expect(mockPanelsLoaded).not.toHaveBeenCalled();

    fireEvent.pointerEnter(screen.getByRole('button', { name: 'Spalten' }));
    await waitFor(() => expect(mockPanelsLoaded).toHaveBeenCalledTimes(1));

    fireEvent.click(screen.getByRole('button', { name: 'Ansichten' }));
    expect(await screen.findByLabelText('Name der Ansicht')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Spalten' }));
    expect(await screen.findByRole('checkbox', { name: 'Ort' })).toBeChecked();
    expect(mockPanelsLoaded).toHaveBeenCalledTimes(1);
  });
});
