import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { ActionError, ActionResult } from '@/lib/api-client/action';
import type { Account } from '@/lib/schemas/account';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { createAccountAction, updateAccountAction } from './account-actions';
import { AccountForm, type AccountFormProps } from './account-form';

jest.mock('./account-actions', () => ({ createAccountAction: jest.fn(), updateAccountAction: jest.fn() }));
const createMock = createAccountAction as jest.MockedFunction<typeof createAccountAction>;
const updateMock = updateAccountAction as jest.MockedFunction<typeof updateAccountAction>;

const mockPush = jest.fn();
const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, refresh: mockRefresh, replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const ACCOUNT_ID = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';
const PARENT_ID = '5d1c2b3a-1111-4222-8333-444455556666';
const DISTRIBUTOR_ID = '9f8e7d6c-aaaa-4bbb-8ccc-ddddeeeeffff';

const account: Account = {
  id: ACCOUNT_ID,
  customerNumber: 'K-000123',
  name: 'Muster GmbH',
  legalForm: 'GmbH',
  parentId: null,
  parentName: null,
  rootId: ACCOUNT_ID,
  depth: 1,
  status: 'draft',
  distributorId: null,
  distributorName: null,
  street: 'Hauptstraße 1',
  zip: '10115',
  city: 'Berlin',
  country: 'DE',
  contactName: 'Erika Mustermann',
  contactEmail: 'erika@muster.example',
  contactPhone: '+49 30 123456',
  vatId: 'DE123456789',
  employeeCount: 120,
  notes: '',
  benefits: [{ code: 'sachbezug', amountCents: 5000, unit: 'month' }],
  childCount: 0,
  pendingApprovals: [],
  version: 3,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

type UpdateResult = Awaited<ReturnType<typeof updateAccountAction>>;
type CreateResult = Awaited<ReturnType<typeof createAccountAction>>;
const failure = (error: ActionError): ActionResult<never> => ({ ok: false, error });
const updated = (changes: Partial<Account> = {}, approval: boolean = false): UpdateResult => ({
  ok: true,
  data: {
    account: { ...account, ...changes, version: account.version + 1 },
    approval: approval
      ? {
          id: 'c0ffee00-1234-4567-89ab-cdef01234567',
          kind: 'benefit_change',
          status: 'pending',
          entityId: ACCOUNT_ID,
          entityLabel: account.name,
          requestedAt: '2026-02-02T09:00:00.000Z',
        }
      : null,
  },
});

function renderForm(props: AccountFormProps) {
  const user = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      <AccountForm {...props} />
    </ToastProvider>,
  );
  return user;
}

/** Account fields by label, inside their section (the contact person's "Name" is another field). */
const section = (name: string) => within(screen.getByRole('group', { name }));
const nameInput = () => section('Stammdaten').getByRole('textbox', { name: /^Name/ });
const saveButton = (name = 'Speichern') => screen.getByRole('button', { name });

/** A table cell's text, with list items and notes separated by " | ". */
function cellText(cell: Element): string {
  const parts: string[] = [];
  cell.childNodes.forEach((node) => {
    if (node.nodeName === 'UL') node.childNodes.forEach((item) => parts.push(item.textContent ?? ''));
    else parts.push(node.textContent ?? '');
  });
  return parts
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean)
    .join(' | ');
}

beforeAll(() => {
  // next.config.ts has `trailingSlash: true`; next/link reads it from here.
  process.env.__NEXT_TRAILING_SLASH = 'true';
});

beforeEach(() => {
  createMock.mockReset();
  updateMock.mockReset();
  mockPush.mockReset();
  mockRefresh.mockReset();
});

describe('AccountForm: create', () => {
  it('names a malformed phone number in the summary too', async () => {
    const user = renderForm({});
    await user.type(nameInput(), 'X');
    await user.type(screen.getByRole('textbox', { name: /^Telefon der Kontaktperson/ }), 'call me');
    await user.click(saveButton('Konto anlegen'));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Eingaben.' });
    expect(
      within(summary).getByRole('link', { name: 'Telefon der Kontaktperson: Nur Ziffern, Leerzeichen und + ( ) / -.' }),
    ).toBeInTheDocument();
    expect(createMock).not.toHaveBeenCalled();
  });

  it('reports missing and malformed fields in German without calling the API', async () => {
    const user = renderForm({});
    await user.click(saveButton('Konto anlegen'));

    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Eingaben.' });
    expect(within(summary).getByRole('link', { name: 'Name: Mindestens 2 Zeichen.' })).toBeInTheDocument();
    expect(nameInput()).toHaveAccessibleDescription('Mindestens 2 Zeichen.');
    expect(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ })).toHaveAccessibleDescription(
      'Bitte wählen Sie einen der angebotenen Werte.',
    );

    await user.type(nameInput(), 'A');
    await user.type(section('Anschrift').getByRole('textbox', { name: /^PLZ/ }), '1234');
    await user.type(section('Stammdaten').getByRole('textbox', { name: /^USt-IdNr\./ }), 'DE12345');
    await user.type(section('Ansprechpartner').getByRole('textbox', { name: /^E-Mail/ }), 'erika@');
    await user.click(saveButton('Konto anlegen'));

    expect(nameInput()).toHaveAccessibleDescription('Mindestens 2 Zeichen.');
    // The PLZ is checked in the same submit although the legal form is still missing.
    expect(section('Anschrift').getByRole('textbox', { name: /^PLZ/ })).toHaveAccessibleDescription(
      'Die PLZ hat 5 Ziffern. 5 Ziffern bei Anschriften in Deutschland',
    );
    expect(section('Stammdaten').getByRole('textbox', { name: /^USt-IdNr\./ })).toHaveAccessibleDescription(
      'DE und 9 Ziffern. DE und 9 Ziffern, z. B. DE123456789',
    );
    expect(section('Ansprechpartner').getByRole('textbox', { name: /^E-Mail/ })).toHaveAccessibleDescription(
      'Keine gültige E-Mail-Adresse.',
    );
    expect(createMock).not.toHaveBeenCalled();
  });

  it('creates the account with the typed values, amounts in cents, and opens it', async () => {
    createMock.mockResolvedValue({ ok: true, data: { ...account, name: 'Neue Firma GmbH' } } as CreateResult);
    const user = renderForm({ distributors: null });
    expect(screen.queryByRole('combobox', { name: /^Vertrieb/ })).toBeNull();

    await user.type(nameInput(), '  Neue Firma GmbH ');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'GmbH & Co. KG');
    const employees = section('Stammdaten').getByRole('spinbutton', { name: /^Mitarbeitende/ });
    await user.clear(employees);
    await user.type(employees, '42');
    await user.type(section('Stammdaten').getByRole('textbox', { name: /^USt-IdNr\./ }), 'de 123 456 789');
    await user.type(section('Anschrift').getByRole('textbox', { name: /^Straße/ }), 'Hauptstraße 1');
    await user.type(section('Anschrift').getByRole('textbox', { name: /^PLZ/ }), '10115');
    await user.type(section('Anschrift').getByRole('textbox', { name: /^Ort/ }), 'Berlin');
    await user.type(section('Ansprechpartner').getByRole('textbox', { name: /^Name/ }), 'Erika Mustermann');
    await user.type(section('Ansprechpartner').getByRole('textbox', { name: /^E-Mail/ }), 'erika@firma.example');
    await user.click(screen.getByRole('button', { name: 'Leistung hinzufügen' }));
    await user.type(section('Leistungen').getByRole('textbox', { name: /^Betrag/ }), '44,5');
    await user.type(screen.getByRole('textbox', { name: 'Notizen' }), 'Kunde seit 2026');
    await user.click(saveButton('Konto anlegen'));

    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(1));
    expect(createMock).toHaveBeenCalledWith(
      {
        name: 'Neue Firma GmbH',
        legalForm: 'GmbH & Co. KG',
        employeeCount: 42,
        vatId: 'DE123456789',
        street: 'Hauptstraße 1',
        zip: '10115',
        city: 'Berlin',
        country: 'DE',
        contactName: 'Erika Mustermann',
        contactEmail: 'erika@firma.example',
        contactPhone: '',
        notes: 'Kunde seit 2026',
        benefits: [{ code: 'sachbezug', amountCents: 4450, unit: 'month' }],
        parentId: null,
        distributorId: null,
      },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/accounts/${ACCOUNT_ID}/`));
    expect(mockRefresh).toHaveBeenCalled();
    expect(await screen.findByText('Das Konto Neue Firma GmbH wurde angelegt.')).toBeInTheDocument();
  });

  it('lets admin and back office choose the distributor of a top-level account', async () => {
    createMock.mockResolvedValue({ ok: true, data: account } as CreateResult);
    const user = renderForm({ distributors: [{ id: DISTRIBUTOR_ID, name: 'Vera Vertrieb' }] });
    await user.type(nameInput(), 'Neue Firma GmbH');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'AG');
    const distributor = section('Stammdaten').getByRole('combobox', { name: /^Vertrieb/ });
    expect(distributor).toHaveDisplayValue('Ohne Vertrieb');
    await user.selectOptions(distributor, 'Vera Vertrieb');
    await user.click(saveButton('Konto anlegen'));
    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(1));
    expect(createMock.mock.calls[0]?.[0]).toMatchObject({ distributorId: DISTRIBUTOR_ID, parentId: null });
  });

  it('creates a sub-account under its parent without a distributor field', async () => {
    createMock.mockResolvedValue({ ok: true, data: account } as CreateResult);
    const user = renderForm({ parentId: PARENT_ID, distributors: [{ id: DISTRIBUTOR_ID, name: 'Vera Vertrieb' }] });
    expect(screen.queryByRole('combobox', { name: /^Vertrieb/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', `/accounts/${PARENT_ID}/`);
    await user.type(nameInput(), 'Werk Süd');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'Sonstige');
    await user.click(saveButton('Konto anlegen'));
    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(1));
    expect(createMock.mock.calls[0]?.[0]).toMatchObject({ name: 'Werk Süd', parentId: PARENT_ID, distributorId: null });
  });

  it('puts the API’s field errors on the fields and the rest in the summary', async () => {
    createMock.mockResolvedValue(
      failure({
        statusCode: 422,
        code: 'validation_failed',
        message: 'Die Eingaben sind ungültig.',
        details: [
          { path: 'zip', message: 'Diese PLZ gibt es nicht.' },
          { path: 'benefits[0].amountCents', message: 'Der Betrag ist zu hoch.' },
          { path: 'parentId', message: 'Konten können höchstens 5 Ebenen tief verschachtelt werden.' },
        ],
      }),
    );
    const user = renderForm({ parentId: PARENT_ID });
    await user.type(nameInput(), 'Werk Süd');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'KG');
    await user.type(section('Anschrift').getByRole('textbox', { name: /^PLZ/ }), '00000');
    await user.click(screen.getByRole('button', { name: 'Leistung hinzufügen' }));
    await user.type(section('Leistungen').getByRole('textbox', { name: /^Betrag/ }), '50');
    await user.click(saveButton('Konto anlegen'));

    await waitFor(() =>
      expect(section('Anschrift').getByRole('textbox', { name: /^PLZ/ })).toHaveAccessibleDescription(
        /^Diese PLZ gibt es nicht\./,
      ),
    );
    expect(section('Leistungen').getByRole('textbox', { name: /^Betrag/ })).toHaveAccessibleDescription(
      /^Der Betrag ist zu hoch\./,
    );
    const summary = screen.getByRole('alert', { name: 'Bitte prüfen Sie Ihre Eingaben.' });
    expect(within(summary).getByRole('link', { name: 'PLZ: Diese PLZ gibt es nicht.' })).toBeInTheDocument();
    expect(
      within(summary).getByRole('link', { name: 'Betrag (Leistung 1): Der Betrag ist zu hoch.' }),
    ).toBeInTheDocument();
    expect(summary).toHaveTextContent('Konten können höchstens 5 Ebenen tief verschachtelt werden.');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(nameInput()).toHaveValue('Werk Süd');
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('is busy while saving and shows other refusals by their code', async () => {
    let finish: (result: CreateResult) => void = () => undefined;
    createMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    const user = renderForm({});
    await user.type(nameInput(), 'Neue Firma GmbH');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'AG');
    await user.click(saveButton('Konto anlegen'));

    const busy = await screen.findByRole('button', { name: 'Wird gespeichert …' });
    expect(busy).toBeDisabled();
    finish(
      failure({ statusCode: 403, code: 'forbidden', message: 'Keine Berechtigung für dieses Konto.' }) as CreateResult,
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      // The text of the code, in the UI's language; never the API's German message.
      'Die Aktion ist fehlgeschlagen: Dafür fehlt Ihnen die Berechtigung.',
    );
    expect(saveButton('Konto anlegen')).toBeEnabled();
    expect(nameInput()).toHaveValue('Neue Firma GmbH');
  });

  it('retries after an unavailable service with the same Idempotency-Key, so one account is created', async () => {
    createMock.mockResolvedValueOnce(
      failure({
        statusCode: 503,
        code: 'service_unavailable',
        message: 'Der Dienst ist vorübergehend nicht erreichbar.',
      }) as CreateResult,
    );
    createMock.mockResolvedValueOnce({ ok: true, data: account } as CreateResult);
    const user = renderForm({});
    await user.type(nameInput(), 'Neue Firma GmbH');
    await user.selectOptions(section('Stammdaten').getByRole('combobox', { name: /^Rechtsform/ }), 'AG');
    await user.click(saveButton('Konto anlegen'));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Dienst ist vorübergehend nicht erreichbar.');
    await user.click(saveButton('Konto anlegen'));

    await waitFor(() => expect(createMock).toHaveBeenCalledTimes(2));
    const [first, second] = createMock.mock.calls;
    expect(first?.[1]).toMatch(/^[0-9a-f]{32}$/);
    expect(second?.[1]).toBe(first?.[1]);
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/accounts/${ACCOUNT_ID}/`));
  });
});

describe('AccountForm: edit', () => {
  it('sends only the changed fields with the version and reports the save', async () => {
    updateMock.mockResolvedValue(updated({ name: 'Muster AG', city: 'Potsdam' }));
    const user = renderForm({ initial: account });
    expect(nameInput()).toHaveValue('Muster GmbH');
    expect(section('Leistungen').getByRole('textbox', { name: /^Betrag/ })).toHaveValue('50,00');
    expect(screen.getByRole('link', { name: 'Abbrechen' })).toHaveAttribute('href', `/accounts/${ACCOUNT_ID}/`);

    await user.clear(nameInput());
    await user.type(nameInput(), 'Muster AG');
    await user.clear(section('Anschrift').getByRole('textbox', { name: /^Ort/ }));
    await user.type(section('Anschrift').getByRole('textbox', { name: /^Ort/ }), 'Potsdam');
    await user.click(saveButton());

    await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith(ACCOUNT_ID, 3, { name: 'Muster AG', city: 'Potsdam' });
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/accounts/${ACCOUNT_ID}/`));
    expect(mockRefresh).toHaveBeenCalled();
    expect(await screen.findByText('Die Änderungen wurden gespeichert.')).toBeInTheDocument();
  });

  it('goes back without a request when nothing changed', async () => {
    const user = renderForm({ initial: account });
    // Typing and undoing is not a change; neither is the order of the benefits.
    await user.type(nameInput(), ' ');
    await user.click(saveButton());
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/accounts/${ACCOUNT_ID}/`));
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('tells the user that a benefit change on an active account goes to approval', async () => {
    updateMock.mockResolvedValue(updated({ status: 'active' }, true));
    const user = renderForm({ initial: { ...account, status: 'active' } });
    expect(
      screen.getByText(
        'Das Konto ist aktiv: Eine Änderung der Leistungen wird zur Freigabe eingereicht und erst nach Zustimmung wirksam.',
      ),
    ).toBeInTheDocument();
    const amount = section('Leistungen').getByRole('textbox', { name: /^Betrag/ });
    await user.clear(amount);
    await user.type(amount, '40');
    await user.click(saveButton());
    await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(1));
    expect(updateMock).toHaveBeenCalledWith(ACCOUNT_ID, 3, {
      benefits: [{ code: 'sachbezug', amountCents: 4000, unit: 'month' }],
    });
    expect(await screen.findByText('Die Änderung der Leistungen wurde zur Freigabe eingereicht.')).toBeInTheDocument();
  });

  it('keeps the input when a benefit change is already awaiting approval', async () => {
    updateMock.mockResolvedValue(
      failure({
        statusCode: 409,
        code: 'conflict',
        message: 'Für dieses Konto gibt es bereits eine offene Freigabe dieser Art.',
        details: [{ path: 'benefits', message: 'Für die Leistungen gibt es bereits eine offene Freigabe.' }],
      }),
    );
    const user = renderForm({ initial: { ...account, status: 'active' } });
    const amount = section('Leistungen').getByRole('textbox', { name: /^Betrag/ });
    await user.clear(amount);
    await user.type(amount, '45');
    await user.clear(nameInput());
    await user.type(nameInput(), 'Muster Holding GmbH');
    await user.click(saveButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Für die Leistungen gibt es bereits eine offene Freigabe. Ihre übrigen Änderungen wurden nicht gespeichert.',
    );
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(nameInput()).toHaveValue('Muster Holding GmbH');
    expect(amount).toHaveValue('45,00');
    expect(mockPush).not.toHaveBeenCalled();
  });

  describe('a stale version (409 with the current record)', () => {
    const current: Account = {
      ...account,
      version: 5,
      city: 'Hamburg',
      notes: 'Neuer Rahmenvertrag',
      name: 'Muster GmbH & Co. KG',
    };

    async function editAndMeetConflict() {
      updateMock.mockResolvedValueOnce(
        failure({
          statusCode: 409,
          code: 'conflict',
          message: 'Der Eintrag wurde inzwischen von jemand anderem geändert.',
          current,
        }),
      );
      const user = renderForm({ initial: account });
      await user.clear(nameInput());
      await user.type(nameInput(), 'Muster Handels GmbH');
      await user.clear(section('Stammdaten').getByRole('spinbutton', { name: /^Mitarbeitende/ }));
      await user.type(section('Stammdaten').getByRole('spinbutton', { name: /^Mitarbeitende/ }), '1250');
      await user.click(screen.getByRole('button', { name: 'Leistung hinzufügen' }));
      await user.type(section('Leistungen').getAllByRole('textbox', { name: /^Betrag/ })[1]!, '7,67');
      await user.click(saveButton());
      await screen.findByTestId('conflict-panel');
      return user;
    }

    it('shows what differs and keeps everything typed', async () => {
      await editAndMeetConflict();
      const panel = screen.getByRole('region', { name: 'Jemand anderes hat dieses Konto inzwischen geändert.' });
      await waitFor(() => expect(panel).toHaveFocus());
      const rows = within(panel)
        .getAllByRole('row')
        .slice(1)
        .map((row) => Array.from(row.children).map(cellText));
      expect(rows).toEqual([
        ['Name', 'Muster Handels GmbH', 'Muster GmbH & Co. KG'],
        ['Mitarbeitende', '1.250', '120'],
        ['Ort', 'Berlin | von Ihnen nicht geändert; bleibt beim aktuellen Stand', 'Hamburg'],
        [
          'Leistungen',
          'Sachbezug (Gutscheinkarte) 50,00 € pro Monat | Essenszuschuss 7,67 € pro Arbeitstag (max. 15 Tage im Monat)',
          'Sachbezug (Gutscheinkarte) 50,00 € pro Monat',
        ],
        ['Notizen', '— | von Ihnen nicht geändert; bleibt beim aktuellen Stand', 'Neuer Rahmenvertrag'],
      ]);
      expect(
        within(panel)
          .getAllByRole('columnheader')
          .map((cell) => cell.textContent),
      ).toEqual(['Feld', 'Ihre Eingabe', 'Aktueller Stand']);
      expect(nameInput()).toHaveValue('Muster Handels GmbH');
      expect(section('Stammdaten').getByRole('spinbutton', { name: /^Mitarbeitende/ })).toHaveValue(1250);
      expect(section('Leistungen').getAllByRole('textbox', { name: /^Betrag/ })[1]).toHaveValue('7,67');
      expect(mockPush).not.toHaveBeenCalled();
    });

    it('"Meine Eingaben trotzdem speichern" saves the user’s changes on top of the new version', async () => {
      const user = await editAndMeetConflict();
      updateMock.mockResolvedValueOnce(updated({ name: 'Muster Handels GmbH' }));
      await user.click(screen.getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));

      await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(2));
      // Only what the user changed: the other person's city and notes stay.
      expect(updateMock).toHaveBeenLastCalledWith(ACCOUNT_ID, 5, {
        name: 'Muster Handels GmbH',
        employeeCount: 1250,
        benefits: [
          { code: 'sachbezug', amountCents: 5000, unit: 'month' },
          { code: 'essenszuschuss', amountCents: 767, unit: 'working_day' },
        ],
      });
      await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/accounts/${ACCOUNT_ID}/`));
    });

    it('"Aktuellen Stand übernehmen" puts the current record into the form and saves against it', async () => {
      const user = await editAndMeetConflict();
      await user.click(screen.getByRole('button', { name: 'Aktuellen Stand übernehmen' }));

      expect(screen.queryByTestId('conflict-panel')).toBeNull();
      expect(nameInput()).toHaveValue('Muster GmbH & Co. KG');
      expect(section('Anschrift').getByRole('textbox', { name: /^Ort/ })).toHaveValue('Hamburg');
      expect(section('Stammdaten').getByRole('spinbutton', { name: /^Mitarbeitende/ })).toHaveValue(120);
      expect(section('Leistungen').getAllByRole('textbox', { name: /^Betrag/ })).toHaveLength(1);
      expect(screen.getByRole('textbox', { name: 'Notizen' })).toHaveValue('Neuer Rahmenvertrag');

      updateMock.mockResolvedValueOnce(updated({ zip: '20095' }));
      const zip = section('Anschrift').getByRole('textbox', { name: /^PLZ/ });
      await user.clear(zip);
      await user.type(zip, '20095');
      await user.click(saveButton());
      await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(2));
      expect(updateMock).toHaveBeenLastCalledWith(ACCOUNT_ID, 5, { zip: '20095' });
    });

    it('shows the conflict again when the record changed once more', async () => {
      const user = await editAndMeetConflict();
      updateMock.mockResolvedValueOnce(
        failure({
          statusCode: 409,
          code: 'conflict',
          message: 'Der Eintrag wurde inzwischen von jemand anderem geändert.',
          current: { ...current, version: 6, city: 'Bremen' },
        }),
      );
      await user.click(screen.getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));
      await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(2));
      const panel = await screen.findByTestId('conflict-panel');
      expect(within(panel).getByText('Bremen')).toBeInTheDocument();

      updateMock.mockResolvedValueOnce(updated());
      await user.click(within(panel).getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));
      await waitFor(() => expect(updateMock).toHaveBeenCalledTimes(3));
      expect(updateMock.mock.calls[2]?.[1]).toBe(6);
    });
  });
});
