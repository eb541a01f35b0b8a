import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { WhitelistCheckBox } from './whitelist-check-box';

// The list page's whole own code is this box: it must load neither Zod nor TanStack Query (issue 15).
jest.mock('zod', () => {
  throw new Error('the check box must not load zod');
});
jest.mock('@tanstack/react-query', () => {
  throw new Error('the check box must not load TanStack Query');
});

// Counts the loads of the check's code (normalisation, API paths): not with the list page (issue 30).
const mockRunLoaded = jest.fn();
jest.mock('./whitelist-check-run', () => {
  mockRunLoaded();
  return jest.requireActual('./whitelist-check-run');
});

const ACCOUNT = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';

/** What `fetch` resolves with, as far as the check reads it (jsdom has no `Response`). */
const answer = (status: number, body: unknown) => ({
  ok: status >= 200 && status < 300,
  status,
  json: () => Promise.resolve(body),
});

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((done) => (resolve = done));
  return { promise, resolve };
}

let fetchMock: jest.Mock;

beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

function renderBox(locale: 'de' | 'en' = 'de') {
  const events = userEvent.setup();
  renderWithIntl(<WhitelistCheckBox />, locale);
  const input = screen.getByLabelText(locale === 'de' ? 'E-Mail-Adresse' : /e-mail/i);
  return { events, input, result: screen.getByTestId('whitelist-check-result') };
}

describe('WhitelistCheckBox', () => {
  it('loads the check’s code when the field is first focused, not with the page', async () => {
    const { events, input } = renderBox();
    expect(mockRunLoaded).not.toHaveBeenCalled();
    await events.click(input);
    await waitFor(() => expect(mockRunLoaded).toHaveBeenCalledTimes(1));
  });

  it('asks the API with the normalised address and says who may register', async () => {
    const pending = deferred<ReturnType<typeof answer>>();
    fetchMock.mockReturnValueOnce(pending.promise);
    const { events, input, result } = renderBox();
    await events.type(input, ' Max@Bäcker.DE ');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));

    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/ui/whitelist/check/?email=max%40xn--bcker-gra.de');
    expect(init.signal).toBeInstanceOf(AbortSignal);
    expect(screen.getByRole('button', { name: 'Wird geprüft …' })).toBeDisabled();

    await act(async () => pending.resolve(answer(200, { allowed: true, accountIds: [ACCOUNT] })));
    expect(result).toHaveTextContent('Max@Bäcker.DE darf sich im Portal registrieren (1 Konto).');
    expect(screen.getByRole('button', { name: 'Prüfen' })).toBeEnabled();
  });

  it('says when the address is not on the whitelist, and checks again on every click', async () => {
    fetchMock.mockResolvedValue(answer(200, { allowed: false, accountIds: [] }));
    const { events, input, result } = renderBox();
    await events.type(input, 'a@example.com');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText(/steht nicht auf der Whitelist/)).toBeInTheDocument();
    expect(result).toHaveTextContent('a@example.com steht nicht auf der Whitelist');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('refuses an invalid address without asking the API, and drops the answer before', async () => {
    fetchMock.mockResolvedValue(answer(200, { allowed: true, accountIds: [ACCOUNT, ACCOUNT] }));
    const { events, input, result } = renderBox();
    await events.type(input, 'a@example.com');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText(/2 Konten/)).toBeInTheDocument();

    await events.clear(input);
    await events.type(input, 'müller@a.de');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(result).toHaveTextContent(/^Bitte eine gültige E-Mail-Adresse eingeben\.$/);
    expect(input).toHaveClass('is-invalid');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['an error status', answer(500, { statusCode: 500, code: 'internal', message: 'x' })],
    ['an answer of another shape', answer(200, { allowed: 'yes', accountIds: [] })],
  ])('says the check failed on %s', async (_name, response) => {
    fetchMock.mockResolvedValueOnce(response);
    const { events, input, result } = renderBox();
    await events.type(input, 'a@example.com');
    await events.click(screen.getByRole('button', { name: 'Prüfen' }));
    expect(await screen.findByText('Die Prüfung ist fehlgeschlagen.')).toBeInTheDocument();
    expect(result).not.toHaveTextContent(/Whitelist|registrieren/);
    expect(input).not.toHaveClass('is-invalid');
  });

  it('shows the newest check: an earlier answer arriving late is dropped and its request aborted', async () => {
    const first = deferred<ReturnType<typeof answer>>();
    const second = deferred<ReturnType<typeof answer>>();
    fetchMock.mockReturnValueOnce(first.promise).mockReturnValueOnce(second.promise);
    const { events, input, result } = renderBox();
    await events.type(input, 'a@example.com{Enter}');
    await events.clear(input);
    await events.type(input, 'b@example.com');
    // The button is disabled while a check runs; a submit of the form itself still may come.
    fireEvent.submit(screen.getByTestId('whitelist-check'));

    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    const firstSignal = (fetchMock.mock.calls[0] as [string, RequestInit])[1].signal!;
    expect(firstSignal.aborted).toBe(true);
    await act(async () => second.resolve(answer(200, { allowed: false, accountIds: [] })));
    await act(async () => first.resolve(answer(200, { allowed: true, accountIds: [ACCOUNT] })));
    expect(result).toHaveTextContent('b@example.com steht nicht auf der Whitelist');
    expect(result).not.toHaveTextContent('registrieren');
  });

  it('speaks English', async () => {
    fetchMock.mockResolvedValueOnce(answer(200, { allowed: true, accountIds: [ACCOUNT] }));
    const { events, input } = renderBox('en');
    await events.type(input, 'a@example.com{Enter}');
    expect(await screen.findByText(/a@example\.com may register/)).toBeInTheDocument();
  });
});
