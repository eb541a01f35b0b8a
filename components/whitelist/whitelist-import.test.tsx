import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { WhitelistImportReport } from '@/lib/schemas/whitelist';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { WhitelistImport } from './whitelist-import';

// The upload is two plain fetches: TanStack Query stays off the page (issue 15).
jest.mock('@tanstack/react-query', () => {
  throw new Error('the import must not load TanStack Query');
});

// The report's code loads with the first check, not with the page (issue 30).
const mockReportLoaded = jest.fn();
jest.mock('./whitelist-import-report', () => {
  mockReportLoaded();
  return jest.requireActual('./whitelist-import-report');
});

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, refresh: jest.fn(), replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const ACCOUNT = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';

const report = (overrides: Partial<WhitelistImportReport>): WhitelistImportReport => ({
  accountId: ACCOUNT,
  dryRun: true,
  rows: 4,
  valid: 2,
  duplicates: 1,
  errors: 1,
  imported: 0,
  issues: [
    { line: 3, severity: 'error', code: 'invalid_email', value: 'kaputt@', firstLine: null },
    { line: 5, severity: 'duplicate', code: 'duplicate_in_file', value: 'a@example.com', firstLine: 2 },
  ],
  issuesTruncated: false,
  preview: [],
  ...overrides,
});

/** What `fetch` resolves with, as far as the upload reads it (jsdom has no `Response`). */
function answer(status: number, body: unknown) {
  return Promise.resolve({ ok: status >= 200 && status < 300, status, json: () => Promise.resolve(body) });
}

function renderImport(locale: 'de' | 'en' = 'de') {
  const events = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      <WhitelistImport accounts={[{ id: ACCOUNT, name: 'Müller Logistik GmbH' }]} defaultAccountId={ACCOUNT} />
    </ToastProvider>,
    locale,
  );
  return events;
}

const file = () => new File(['value\nkaputt@\n'], 'liste.csv', { type: 'text/csv' });
let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
  mockPush.mockClear();
});

describe('WhitelistImport', () => {
  it('checks the file first and lists errors, then duplicates, with their lines; no import with errors', async () => {
    fetchMock.mockReturnValueOnce(answer(200, report({})));
    const events = renderImport();
    await events.upload(screen.getByLabelText(/^CSV-Datei\s*\*?$/), file());
    expect(mockReportLoaded).not.toHaveBeenCalled();
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));

    expect(await screen.findByTestId('import-summary')).toHaveTextContent(
      '4 Zeilen gelesen: 2 neu, 1 Duplikate, 1 Fehler.',
    );
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe(`/api/ui/whitelist/import/?accountId=${ACCOUNT}&dryRun=1`);
    expect(init.method).toBe('POST');
    expect(init.body).toBeInstanceOf(File);
    const rows = within(screen.getByTestId('import-issues')).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual(['3', '5']);
    expect(rows[0]).toHaveTextContent('Keine gültige E-Mail-Adresse.');
    expect(rows[1]).toHaveTextContent('Steht schon in Zeile 2.');
    expect(screen.queryByRole('button', { name: /importieren/ })).not.toBeInTheDocument();
  });

  it('imports a clean file after the confirmation and goes to the account’s entries', async () => {
    fetchMock
      .mockReturnValueOnce(answer(200, report({ errors: 0, duplicates: 0, valid: 2, issues: [] })))
      .mockReturnValueOnce(
        answer(200, report({ dryRun: false, errors: 0, duplicates: 0, valid: 2, imported: 2, issues: [] })),
      );
    const events = renderImport();
    await events.upload(screen.getByLabelText(/^CSV-Datei\s*\*?$/), file());
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));
    await events.click(await screen.findByRole('button', { name: '2 Einträge importieren' }));

    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/whitelist/?accountId=${ACCOUNT}`));
    expect(fetchMock.mock.calls[1]?.[0]).toBe(`/api/ui/whitelist/import/?accountId=${ACCOUNT}`);
    expect(await screen.findByText('2 Einträge wurden importiert.')).toBeInTheDocument();
  });

  it('says in English why the file was refused (413), with no German word', async () => {
    fetchMock.mockReturnValueOnce(
      answer(413, { statusCode: 413, code: 'payload_too_large', message: 'Die Datei hat mehr als 50.000 Zeilen' }),
    );
    const events = renderImport('en');
    await events.upload(screen.getByLabelText(/^CSV file\s*\*?$/), file());
    await events.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The file is too large (at most 50,000 rows and 16 MB). Nothing was stored.',
    );
  });

  it('shows the check under way, and a refusal of the import itself', async () => {
    let answerCheck!: (value: unknown) => void;
    fetchMock
      .mockReturnValueOnce(new Promise((resolve) => (answerCheck = resolve)))
      .mockReturnValueOnce(answer(422, { statusCode: 422, code: 'validation_failed', message: 'Fehler', details: [] }));
    const events = renderImport();
    await events.upload(screen.getByLabelText(/^CSV-Datei\s*\*?$/), file());
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));
    expect(screen.getByRole('button', { name: 'Wird geprüft …' })).toBeDisabled();
    answerCheck(await answer(200, report({ errors: 0, duplicates: 0, valid: 2, issues: [] })));

    await events.click(await screen.findByRole('button', { name: '2 Einträge importieren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Datei enthält Fehler; es wurde nichts gespeichert. Bitte prüfen Sie sie erneut.',
    );
    expect(mockPush).not.toHaveBeenCalled();
    // A new check clears the import's refusal.
    fetchMock.mockReturnValueOnce(answer(200, report({ errors: 0, duplicates: 0, valid: 2, issues: [] })));
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: '2 Einträge importieren' })).toBeEnabled();
  });

  it('names the status of a refusal it cannot read, and of an answer that is no report', async () => {
    fetchMock.mockReturnValueOnce(answer(502, null)).mockReturnValueOnce(answer(200, { rows: 'viele' }));
    const events = renderImport();
    await events.upload(screen.getByLabelText(/^CSV-Datei\s*\*?$/), file());
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Import ist fehlgeschlagen (Status 502).');
    await events.click(screen.getByRole('button', { name: 'Datei prüfen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Import ist fehlgeschlagen (Status 0).');
    expect(screen.queryByTestId('import-report')).not.toBeInTheDocument();
  });
});
