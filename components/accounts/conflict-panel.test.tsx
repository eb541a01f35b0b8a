import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Account } from '@/lib/schemas/account';
import { renderWithIntl } from '@/test-support/render-with-intl';
import {
  ConflictPanel,
  comparableFromAccount,
  diffAccountValues,
  isSameFieldValue,
  type ComparableAccountValues,
} from './conflict-panel';

const ID = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';

const base: Account = {
  id: ID,
  customerNumber: 'K-000123',
  name: 'Muster GmbH',
  legalForm: 'GmbH',
  parentId: null,
  parentName: null,
  rootId: ID,
  depth: 1,
  status: 'active',
  distributorId: null,
  distributorName: null,
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  contactName: 'Erika Mustermann',
  contactEmail: 'erika@muster.example',
  contactPhone: '',
  vatId: null,
  employeeCount: 120,
  notes: '',
  benefits: [
    { code: 'sachbezug', amountCents: 5000, unit: 'month' },
    { code: 'bav', amountCents: 1500, unit: 'percent' },
  ],
  childCount: 0,
  pendingApprovals: [],
  version: 3,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

const mine = (changes: Partial<ComparableAccountValues> = {}): ComparableAccountValues => ({
  ...comparableFromAccount(base),
  ...changes,
});

describe('diffAccountValues', () => {
  it('ignores surrounding spaces, empty vs. missing VAT id and the order of the benefits', () => {
    expect(isSameFieldValue('name', ' Muster GmbH ', 'Muster GmbH')).toBe(true);
    expect(isSameFieldValue('vatId', '', null)).toBe(true);
    expect(isSameFieldValue('benefits', [...base.benefits].reverse(), base.benefits)).toBe(true);
    expect(isSameFieldValue('benefits', [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }], base.benefits)).toBe(
      false,
    );
    expect(diffAccountValues(mine({ name: 'Muster GmbH ', vatId: '' }), comparableFromAccount(base))).toEqual([]);
  });

  it('marks the fields only the other person changed', () => {
    const current = comparableFromAccount({ ...base, city: 'Hamburg', name: 'Muster AG' });
    expect(diffAccountValues(mine({ name: 'Muster SE' }), current, comparableFromAccount(base))).toEqual([
      { field: 'name', isUntouched: false },
      { field: 'city', isUntouched: true },
    ]);
  });
});

describe('ConflictPanel', () => {
  // The record kit's panel loads when it is first shown (issue 30): the tests wait for it.
  it('shows the differing fields side by side, benefits as a readable list', async () => {
    renderWithIntl(
      <ConflictPanel
        mine={mine({
          contactName: 'Max Muster',
          employeeCount: 1500,
          benefits: [{ code: 'sachbezug', amountCents: 6000, unit: 'month' }],
        })}
        current={{ ...base, version: 4, legalForm: 'Sonstige' }}
        base={base}
        onOverwrite={jest.fn()}
        onTakeCurrent={jest.fn()}
      />,
    );
    const panel = await screen.findByRole('region', { name: 'Jemand anderes hat dieses Konto inzwischen geändert.' });
    expect(panel).toHaveTextContent('Ihre Eingaben sind noch da.');
    const table = within(panel).getByRole('table', {
      name: 'Unterschiede zwischen Ihrer Eingabe und dem aktuellen Stand',
    });
    const headers = within(table)
      .getAllByRole('rowheader')
      .map((cell) => cell.textContent);
    expect(headers).toEqual(['Rechtsform', 'Mitarbeitende', 'Name der Kontaktperson', 'Leistungen']);

    const legalForm = within(table).getByRole('row', { name: /^Rechtsform/ });
    expect(legalForm).toHaveTextContent('GmbH');
    expect(legalForm).toHaveTextContent('von Ihnen nicht geändert');
    expect(within(table).getByRole('row', { name: /^Mitarbeitende/ })).toHaveTextContent('1.500');

    const benefits = within(table).getByRole('row', { name: /^Leistungen/ });
    const [mineCell, theirsCell] = within(benefits).getAllByRole('cell');
    expect(
      within(mineCell!)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Sachbezug (Gutscheinkarte) 60,00 € pro Monat']);
    expect(
      within(theirsCell!)
        .getAllByRole('listitem')
        .map((item) => item.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['Sachbezug (Gutscheinkarte) 50,00 € pro Monat', 'bAV-Arbeitgeberzuschuss 15 % der Entgeltumwandlung']);
  });

  it('offers both ways out', async () => {
    const user = userEvent.setup();
    const onOverwrite = jest.fn();
    const onTakeCurrent = jest.fn();
    renderWithIntl(
      <ConflictPanel
        mine={mine()}
        current={{ ...base, version: 4, status: 'suspended' }}
        onOverwrite={onOverwrite}
        onTakeCurrent={onTakeCurrent}
      />,
    );
    await screen.findByTestId('conflict-panel');
    // Only the status changed: nothing in this form differs.
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/Die Felder dieses Formulars stimmen mit dem aktuellen Stand überein/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));
    expect(onOverwrite).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Aktuellen Stand übernehmen' }));
    expect(onTakeCurrent).toHaveBeenCalledTimes(1);
  });

  it('speaks English with the English catalogue', async () => {
    renderWithIntl(
      <ConflictPanel
        mine={mine({ city: 'Potsdam' })}
        current={{ ...base, version: 4 }}
        onOverwrite={jest.fn()}
        onTakeCurrent={jest.fn()}
        isBusy
      />,
      'en',
    );
    expect(await screen.findByRole('columnheader', { name: 'Your entry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save my entries anyway' })).toBeDisabled();
  });
});
