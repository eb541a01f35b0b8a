import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider, useForm } from '@/components/ui/form/use-form';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { answerCall as answer, heldCalls } from '@/test-support/held-calls';
import { TaskPicker, type PickerOption } from './task-picker';

const FIRST = { id: '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01', label: 'Alpenblick Hotels AG (K-000001)' };
const OF_ANNA = { id: '5d1c2b3a-1111-4222-8333-444455550000', label: 'Bäckerei Hansen KG (K-000002)' };
const OF_BEN = { id: '7a6b5c4d-2222-4333-8444-555566667777', label: 'Consulting Nord GmbH (K-000003)' };
const FOUND = { id: '9f8e7d6c-aaaa-4bbb-8ccc-ddddeeeeffff', label: 'Zeppelin Werke GmbH (K-000004)' };

function Harness({
  assignee,
  search,
  optionsFor,
}: {
  assignee: string | null;
  search: TaskPickerProps['search'];
  optionsFor?: string;
}) {
  const form = useForm<{ accountId: string | null }>({ defaultValues: { accountId: null } });
  return (
    <FormProvider {...form}>
      <form>
        <TaskPicker
          name="accountId"
          label="Konto"
          searchLabel="Konto suchen"
          options={[FIRST]}
          search={search}
          dependsOn={assignee}
          optionsFor={optionsFor}
          emptyLabel="Kein Konto"
          isOptional
        />
      </form>
    </FormProvider>
  );
}

type TaskPickerProps = Parameters<typeof TaskPicker>[0];

/** The account picker of the task form, with a search whose calls the test answers one by one. */
function renderPicker(assignee: string | null, optionsFor?: string) {
  const searches = heldCalls<PickerOption[]>((args) => args[1] as AbortSignal);
  const search = searches.stub as unknown as TaskPickerProps['search'];
  const events = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithIntl(<Harness assignee={assignee} search={search} optionsFor={optionsFor} />);
  return {
    events,
    calls: searches.calls,
    terms: () => searches.stub.mock.calls.map(([term]) => term),
    /** Chooses another assignee, as the task form's other picker does. */
    assign: (next: string | null) => view.rerender(<Harness assignee={next} search={search} optionsFor={optionsFor} />),
  };
}

const select = () => screen.getByRole('combobox', { name: 'Konto' });
const searchBox = () => screen.getByRole('searchbox', { name: 'Konto suchen' });
const optionNames = () =>
  within(select())
    .getAllByRole('option')
    .map((option) => option.textContent);

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('TaskPicker', () => {
  it('offers the first options without asking while nothing depends on another field', () => {
    const { terms } = renderPicker(null);
    expect(terms()).toEqual([]);
    expect(optionNames()).toEqual(['Kein Konto', FIRST.label]);
    expect(searchBox()).toHaveAccessibleDescription('Mindestens zwei Zeichen eingeben, um zu suchen.');
  });

  it('asks for the options of the chosen assignee, again when it changes, and remembers each answer', async () => {
    const { calls, terms, assign } = renderPicker('anna');
    expect(terms()).toEqual(['']);
    await answer(calls[0], [OF_ANNA]);
    expect(optionNames()).toEqual(['Kein Konto', OF_ANNA.label]);

    assign('ben');
    expect(terms()).toEqual(['', '']);
    await answer(calls[1], [OF_BEN]);
    expect(optionNames()).toEqual(['Kein Konto', OF_BEN.label]);

    assign('anna');
    expect(terms()).toHaveLength(2);
    expect(optionNames()).toEqual(['Kein Konto', OF_ANNA.label]);
  });

  it('takes the page’s options for the assignee they were loaded for, and asks only for another one', async () => {
    const { calls, terms, assign } = renderPicker('anna', 'anna');
    expect(terms()).toEqual([]);
    expect(optionNames()).toEqual(['Kein Konto', FIRST.label]);

    assign('ben');
    expect(terms()).toEqual(['']);
    await answer(calls[0], [OF_BEN]);
    expect(optionNames()).toEqual(['Kein Konto', OF_BEN.label]);

    assign('anna');
    expect(terms()).toHaveLength(1);
    expect(optionNames()).toEqual(['Kein Konto', FIRST.label]);
  });

  it('searches two characters 300 ms after the last keystroke, or at once on Enter; the newest search wins', async () => {
    const { events, calls, terms } = renderPicker(null);
    await events.type(searchBox(), 'Ze');
    expect(terms()).toEqual([]);
    act(() => jest.advanceTimersByTime(300));
    expect(terms()).toEqual(['Ze']);
    expect(searchBox()).toHaveAccessibleDescription('Wird gesucht …');

    await events.type(searchBox(), 'p{Enter}');
    expect(terms()).toEqual(['Ze', 'Zep']);
    expect(calls[0]?.signal.aborted).toBe(true);
    await answer(calls[1], [FOUND]);
    expect(optionNames()).toEqual(['Kein Konto', FOUND.label]);
    expect(searchBox()).toHaveAccessibleDescription('1 Treffer.');
  });

  it('says when the search failed, asks again on Enter, and keeps the chosen option through a new search', async () => {
    const { events, calls } = renderPicker(null);
    await events.type(searchBox(), 'Zeppelin{Enter}');
    await act(async () => calls[0]?.reject(new Error('503')));
    expect(searchBox()).toHaveAccessibleDescription('Die Suche ist fehlgeschlagen.');

    await events.type(searchBox(), '{Enter}');
    await answer(calls[1], [FOUND]);
    await events.selectOptions(select(), FOUND.label);

    await events.clear(searchBox());
    await events.type(searchBox(), 'Alpen{Enter}');
    await answer(calls[2], [FIRST]);
    expect(optionNames()).toEqual(['Kein Konto', FOUND.label, FIRST.label]);
    expect(select()).toHaveValue(FOUND.id);
  });
});
