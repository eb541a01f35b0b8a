import { screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ConflictPanel, isSameValue } from './conflict-panel';

// Counts the loads of the panel's code (issue 30: it loads when a conflict is shown, not with the form).
const mockViewLoaded = jest.fn();
jest.mock('./conflict-panel-view', () => {
  mockViewLoaded();
  return jest.requireActual('./conflict-panel-view');
});

type Values = { name: string; city: string };

describe('ConflictPanel (the record forms’)', () => {
  it('loads its code when first shown, then lists what differs', async () => {
    expect(mockViewLoaded).not.toHaveBeenCalled();
    renderWithIntl(
      <ConflictPanel<'name' | 'city', Values>
        fields={['name', 'city']}
        mine={{ name: 'Muster GmbH', city: 'Berlin' }}
        theirs={{ name: 'Muster GmbH ', city: 'Potsdam' }}
        focusKey={2}
        title="Jemand anderes hat diesen Eintrag inzwischen geändert."
        labelOf={(field) => (field === 'name' ? 'Name' : 'Ort')}
        show={(field, values) => values[field]}
        onOverwrite={jest.fn()}
        onTakeCurrent={jest.fn()}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Jemand anderes hat diesen Eintrag inzwischen geändert.' });
    expect(mockViewLoaded).toHaveBeenCalledTimes(1);
    expect(panel).toHaveFocus();
    expect(screen.getAllByRole('rowheader').map((cell) => cell.textContent)).toEqual(['Ort']);
  });

  it('compares values without surrounding spaces, empty and missing alike', () => {
    expect(isSameValue(' a ', 'a')).toBe(true);
    expect(isSameValue('', null)).toBe(true);
    expect(isSameValue(undefined, '')).toBe(true);
    expect(isSameValue('a', 'b')).toBe(false);
  });
});
