import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm, useWatch, type Control } from 'react-hook-form';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { AccountPicker } from './account-picker';

const FIRST = { id: '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01', name: 'Alpenblick Hotels AG' };
const SECOND = { id: '5d1c2b3a-1111-4222-8333-444455550000', name: 'Bäckerei Hansen KG' };
const FOUND = { id: '9f8e7d6c-aaaa-4bbb-8ccc-ddddeeeeffff', name: 'Zeppelin Werke GmbH' };

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

function Value({ control }: { control: Control<{ accountId: string | null }> }) {
  const value = useWatch({ control, name: 'accountId' });
  return <output data-testid="value">{value ?? 'none'}</output>;
}

function Harness({ hasMore }: { hasMore: boolean }) {
  const form = useForm<{ accountId: string | null }>({ defaultValues: { accountId: null } });
  return (
    <FormProvider {...form}>
      <AccountPicker options={[FIRST, SECOND]} hasMore={hasMore} />
      <Value control={form.control} />
    </FormProvider>
  );
}

function renderPicker(hasMore: boolean) {
  const events = userEvent.setup();
  renderWithIntl(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Harness hasMore={hasMore} />
    </QueryClientProvider>,
  );
  return events;
}

const optionNames = () =>
  within(screen.getByRole('combobox', { name: /^Konto/ }))
    .getAllByRole('option')
    .map((option) => option.textContent);

const originalFetch = global.fetch;
afterEach(() => {
  global.fetch = originalFetch;
});

describe('AccountPicker', () => {
  it('is a plain select when every account is loaded', () => {
    renderPicker(false);
    expect(screen.queryByRole('searchbox')).toBeNull();
    expect(optionNames()).toEqual(['Bitte wählen …', 'Alpenblick Hotels AG', 'Bäckerei Hansen KG']);
  });

  it('searches the API for accounts beyond the first ones and keeps the chosen one', async () => {
    // jsdom has no fetch: the picker only needs ok, status and json().
    const fetchMock = jest.fn().mockResolvedValue({
      ok: true,
      status: 200,
      json: async () => ({ items: [listItem(FOUND)], total: 1, page: 1, perPage: 100 }),
    });
    global.fetch = fetchMock as unknown as typeof fetch;
    const events = renderPicker(true);
    expect(screen.getByRole('combobox', { name: /^Konto/ })).toHaveAccessibleDescription(
      'Es werden die ersten 100 Konten angezeigt. Suchen Sie nach dem Namen, um weitere zu finden.',
    );
    await events.selectOptions(screen.getByRole('combobox', { name: /^Konto/ }), 'Bäckerei Hansen KG');
    await events.type(screen.getByRole('searchbox', { name: 'Konto suchen' }), 'Zeppelin{Enter}');

    await waitFor(() => expect(optionNames()).toEqual(['Bitte wählen …', 'Bäckerei Hansen KG', 'Zeppelin Werke GmbH']));
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/ui/accounts/?q=Zeppelin&perPage=100&sort=name');
    expect(screen.getByRole('combobox', { name: /^Konto/ })).toHaveAccessibleDescription('1 Konto gefunden.');
    expect(screen.getByTestId('value')).toHaveTextContent(SECOND.id);

    await events.selectOptions(screen.getByRole('combobox', { name: /^Konto/ }), 'Zeppelin Werke GmbH');
    expect(screen.getByTestId('value')).toHaveTextContent(FOUND.id);
  });
});
