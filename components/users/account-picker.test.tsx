import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch, type Control } from '@/components/ui/form/use-form';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { fetchAnswer } from '@/test-support/fetch-answer';
import { answerCall as answer, heldCalls } from '@/test-support/held-calls';
import { AccountPicker } from './account-picker';

const FIRST = { id: '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01', name: 'Alpenblick Hotels AG' };
const SECOND = { id: '5d1c2b3a-1111-4222-8333-444455550000', name: 'Bäckerei Hansen KG' };
const FOUND = { id: '9f8e7d6c-aaaa-4bbb-8ccc-ddddeeeeffff', name: 'Zeppelin Werke GmbH' };
const HINT = 'Es werden die ersten 100 Konten angezeigt. Suchen Sie nach dem Namen, um weitere zu finden.';

function listItem(option: { id: string; name: string }) {
  return {
    ...option,
    customerNumber: 'K-000001',
    legalForm: 'GmbH',
    parentId: null,
    depth: 1,
    status: 'active',
    city: 'Berlin',
    distributorId: null,
    distributorName: null,
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
  };
}

/** What the accounts search answers with these accounts. */
const found = (...accounts: { id: string; name: string }[]) =>
  fetchAnswer(200, { items: accounts.map(listItem), total: accounts.length, page: 1, perPage: 100 });

function Value({ control }: { control: Control<{ accountId: string | null }> }) {
  const value = useWatch({ control, name: 'accountId' });
  return <output data-testid="value">{value ?? 'none'}</output>;
}

const onSubmit = jest.fn();

function Harness({ hasMore }: { hasMore: boolean }) {
  const form = useForm<{ accountId: string | null }>({ defaultValues: { accountId: null } });
  return (
    <FormProvider {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)}>
        <AccountPicker options={[FIRST, SECOND]} hasMore={hasMore} />
        <Value control={form.control} />
      </form>
    </FormProvider>
  );
}

/** The picker with a stubbed `fetch` whose calls the test answers one by one. */
function renderPicker(hasMore: boolean) {
  const requests = heldCalls<Awaited<ReturnType<typeof fetchAnswer>>>(
    (args) => (args[1] as RequestInit).signal as AbortSignal,
  );
  global.fetch = requests.stub as unknown as typeof fetch;
  const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  renderWithIntl(<Harness hasMore={hasMore} />);
  return { events, calls: requests.calls, urls: () => requests.stub.mock.calls.map(([url]) => url) };
}

const select = () => screen.getByRole('combobox', { name: /^Konto/ });
const searchBox = () => screen.getByRole('searchbox', { name: 'Konto suchen' });
const optionNames = () =>
  within(select())
    .getAllByRole('option')
    .map((option) => option.textContent);

const originalFetch = global.fetch;
beforeEach(() => {
  jest.useFakeTimers();
  onSubmit.mockReset();
});
afterEach(() => {
  jest.useRealTimers();
  global.fetch = originalFetch;
});

describe('AccountPicker', () => {
  it('is a plain select when every account is loaded', () => {
    renderPicker(false);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(optionNames()).toEqual(['Bitte wählen …', 'Alpenblick Hotels AG', 'Bäckerei Hansen KG']);
  });

  it('searches the API for accounts beyond the first ones and keeps the chosen one', async () => {
    const { events, calls, urls } = renderPicker(true);
    expect(select()).toHaveAccessibleDescription(HINT);
    await events.selectOptions(select(), 'Bäckerei Hansen KG');
    await events.type(searchBox(), 'Zeppelin{Enter}');
    expect(urls()).toEqual(['/api/ui/accounts/?q=Zeppelin&perPage=100&sort=name']);
    expect(select()).toHaveAccessibleDescription('Konten werden gesucht …');

    await answer(calls[0], found(FOUND));
    expect(optionNames()).toEqual(['Bitte wählen …', 'Bäckerei Hansen KG', 'Zeppelin Werke GmbH']);
    expect(select()).toHaveAccessibleDescription('1 Konto gefunden.');
    expect(screen.getByTestId('value')).toHaveTextContent(SECOND.id);

    await events.selectOptions(select(), 'Zeppelin Werke GmbH');
    expect(screen.getByTestId('value')).toHaveTextContent(FOUND.id);
  });

  it('searches 300 ms after the last keystroke, and only for two characters or more', async () => {
    const { events, urls } = renderPicker(true);
    await events.type(searchBox(), 'Z');
    act(() => jest.advanceTimersByTime(1000));
    expect(urls()).toEqual([]);
    expect(select()).toHaveAccessibleDescription(HINT);

    await events.type(searchBox(), 'ep');
    act(() => jest.advanceTimersByTime(299));
    expect(urls()).toEqual([]);
    act(() => jest.advanceTimersByTime(1));
    expect(urls()).toEqual(['/api/ui/accounts/?q=Zep&perPage=100&sort=name']);
    expect(select()).toHaveAccessibleDescription('Konten werden gesucht …');

    // Back under two characters: the first accounts again, no search.
    await events.type(searchBox(), '{Backspace}{Backspace}');
    act(() => jest.advanceTimersByTime(300));
    expect(urls()).toHaveLength(1);
    expect(select()).toHaveAccessibleDescription(HINT);
    expect(optionNames()).toEqual(['Bitte wählen …', 'Alpenblick Hotels AG', 'Bäckerei Hansen KG']);
  });

  it('searches at once on Enter without submitting the form', async () => {
    const { events, urls } = renderPicker(true);
    await events.type(searchBox(), '  Zeppelin {Enter}');
    expect(urls()).toEqual(['/api/ui/accounts/?q=Zeppelin&perPage=100&sort=name']);
    act(() => jest.advanceTimersByTime(300));
    expect(urls()).toHaveLength(1);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('lets the newest search win: the older one is aborted and its answer dropped', async () => {
    const { events, calls } = renderPicker(true);
    await events.type(searchBox(), 'Ze{Enter}');
    await events.type(searchBox(), 'p{Enter}');
    expect(calls).toHaveLength(2);
    expect(calls[0]?.signal.aborted).toBe(true);
    expect(calls[1]?.signal.aborted).toBe(false);

    await answer(calls[1], found(FOUND));
    await answer(calls[0], found(FIRST));
    expect(optionNames()).toEqual(['Bitte wählen …', 'Zeppelin Werke GmbH']);
    expect(select()).toHaveAccessibleDescription('1 Konto gefunden.');
  });

  it('says when the search failed, and asks again on Enter', async () => {
    const { events, calls, urls } = renderPicker(true);
    await events.type(searchBox(), 'Zeppelin{Enter}');
    await answer(calls[0], fetchAnswer(500, { title: 'Internal Server Error' }));
    expect(select()).toHaveAccessibleDescription('Die Suche ist fehlgeschlagen. Bitte versuchen Sie es erneut.');
    expect(optionNames()).toEqual(['Bitte wählen …', 'Alpenblick Hotels AG', 'Bäckerei Hansen KG']);

    await events.type(searchBox(), '{Enter}');
    expect(urls()).toHaveLength(2);
    await answer(calls[1], found(FOUND));
    expect(select()).toHaveAccessibleDescription('1 Konto gefunden.');
  });

  it('keeps a found account chosen through later searches, and does not ask for an earlier term again', async () => {
    const { events, calls, urls } = renderPicker(true);
    await events.type(searchBox(), 'Zeppelin{Enter}');
    await answer(calls[0], found(FOUND));
    await events.selectOptions(select(), 'Zeppelin Werke GmbH');

    await events.clear(searchBox());
    await events.type(searchBox(), 'Alpen{Enter}');
    await answer(calls[1], found(FIRST));
    // The chosen account is in neither the first accounts nor this answer: the earlier one names it.
    expect(optionNames()).toEqual(['Bitte wählen …', 'Zeppelin Werke GmbH', 'Alpenblick Hotels AG']);
    expect(screen.getByTestId('value')).toHaveTextContent(FOUND.id);

    await events.clear(searchBox());
    await events.type(searchBox(), 'Zeppelin{Enter}');
    expect(urls()).toHaveLength(2);
    expect(optionNames()).toEqual(['Bitte wählen …', 'Zeppelin Werke GmbH']);
    expect(select()).toHaveAccessibleDescription('1 Konto gefunden.');
  });
});
