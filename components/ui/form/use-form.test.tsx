import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { getIn, setIn, unsetIn } from './form-paths';
import { nestIssues, type Resolver, type SchemaIssue } from './form-store';
import { Controller, FormProvider, useFieldArray, useForm, useFormContext, useWatch } from './use-form';

interface Row {
  code: string;
  amount: number | null;
}
interface Values {
  name: string;
  count: number;
  active: boolean;
  rows: Row[];
}

const defaults: Values = { name: 'Alt', count: 3, active: true, rows: [{ code: 'a', amount: 1 }] };

/** A resolver like useZodForm's: `name` needs 2 characters, every row an amount, at most 2 rows. */
const checkValues = (values: Values): SchemaIssue[] => {
  const issues: SchemaIssue[] = [];
  if (values.name.trim().length < 2) issues.push({ path: 'name', type: 'too_small', message: 'Zu kurz.' });
  values.rows.forEach((row, index) => {
    if (row.amount === null) issues.push({ path: `rows.${index}.amount`, type: 'invalid_type', message: 'Betrag?' });
  });
  if (values.rows.length > 2) issues.push({ path: 'rows', type: 'too_big', message: 'Höchstens 2.' });
  return issues;
};
const resolver: Resolver<Values, Values> = async (values) => {
  const issues = checkValues(values);
  return issues.length ? { issues } : { values: { ...values, name: values.name.trim() } };
};

function Rows() {
  const { control, register, formState } = useFormContext<Values>();
  const { fields, append, remove } = useFieldArray({ control, name: 'rows' });
  const rows = useWatch({ control, name: 'rows' });
  return (
    <fieldset>
      <legend>Zeilen</legend>
      {fields.map((field, index) => (
        <div key={field.id} data-testid="row">
          <select aria-label={`Code ${index + 1}`} {...register(`rows.${index}.code`)}>
            <option value="a">a</option>
            <option value="b">b</option>
          </select>
          <Controller
            control={control}
            name={`rows.${index}.amount`}
            render={({ field: amount, fieldState }) => (
              <>
                <input
                  aria-label={`Betrag ${index + 1}`}
                  ref={amount.ref}
                  value={amount.value ?? ''}
                  onChange={(event) => amount.onChange(event.target.value === '' ? null : Number(event.target.value))}
                  onBlur={amount.onBlur}
                />
                {fieldState.isTouched && fieldState.error ? <span role="alert">{fieldState.error.message}</span> : null}
              </>
            )}
          />
          <button type="button" onClick={() => remove(index)}>
            Entfernen {index + 1}
          </button>
        </div>
      ))}
      <p data-testid="codes">{rows.map((row) => row.code).join(',')}</p>
      {formState.errors.rows?.root ? <p role="status">{formState.errors.rows.root.message}</p> : null}
      <button
        type="button"
        onClick={() => append({ code: 'b', amount: null }, { focusName: `rows.${fields.length}.code` })}
      >
        Hinzufügen
      </button>
    </fieldset>
  );
}

function TestForm({
  onValid,
  source = resolver,
}: {
  onValid: (values: Values) => unknown;
  source?: Resolver<Values, Values>;
}) {
  const form = useForm<Values>({ defaultValues: defaults, resolver: source });
  const { errors, submitCount, isSubmitting } = form.formState;
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <input aria-label="Name" {...form.register('name')} />
        {errors.name ? <span data-testid="name-error">{errors.name.message}</span> : null}
        <input aria-label="Anzahl" type="number" {...form.register('count', { valueAsNumber: true })} />
        <input aria-label="Aktiv" type="checkbox" {...form.register('active')} />
        <Rows />
        {errors.root?.server ? <p data-testid="root">{errors.root.server.message}</p> : null}
        <p data-testid="state">{`${submitCount}/${isSubmitting ? 'busy' : 'idle'}`}</p>
        <button type="submit">Speichern</button>
        <button type="button" onClick={() => form.setError('root.server', { message: 'Serverfehler.' })}>
          Server
        </button>
        <button type="button" onClick={() => form.setError('name', { type: 'server', message: 'Vergeben.' })}>
          Name vergeben
        </button>
        <button
          type="button"
          onClick={() => form.reset({ name: 'Neu', count: 7, active: false, rows: [{ code: 'b', amount: 2 }] })}
        >
          Zurücksetzen
        </button>
      </form>
    </FormProvider>
  );
}

const nameInput = () => screen.getByRole('textbox', { name: 'Name' });
const nameError = () => screen.queryByTestId('name-error');

describe('form paths', () => {
  it('reads, writes and removes dotted paths without touching other branches', () => {
    const source = { a: { b: [{ c: 1 }, { c: 2 }] }, d: { e: 1 } };
    expect(getIn(source, 'a.b.1.c')).toBe(2);
    expect(getIn(source, 'a.x.y')).toBeUndefined();
    const written = setIn(source, 'a.b.0.c', 5);
    expect(written.a.b[0]).toEqual({ c: 5 });
    expect(written.d).toBe(source.d);
    expect(source.a.b[0]).toEqual({ c: 1 });
    expect(Array.isArray(setIn<{ rows?: unknown }>({}, 'rows.0.code', 'x').rows)).toBe(true);
    expect(setIn({}, 'rows.0.code', 'x', false)).toEqual({ rows: { 0: { code: 'x' } } });
    expect(unsetIn({ rows: { 0: { code: 'x' } }, name: 'n' }, 'rows.0.code')).toEqual({ name: 'n' });
  });

  it('nests issues, the first per path winning, a list’s own rule at root', () => {
    const errors = nestIssues(
      [
        { path: 'rows.1.amount', type: 'a', message: 'erste' },
        { path: 'rows.1.amount', type: 'b', message: 'zweite' },
        { path: 'rows', type: 'c', message: 'Liste' },
        { path: '', type: 'd', message: 'Formular' },
      ],
      new Set(['rows']),
    );
    expect(errors).toEqual({
      rows: { 1: { amount: { type: 'a', message: 'erste' } }, root: { type: 'c', message: 'Liste' } },
      root: { type: 'd', message: 'Formular' },
    });
  });
});

describe('useForm', () => {
  it('server-renders the fields with their values', () => {
    const html = renderToString(<TestForm onValid={() => undefined} />);
    expect(html).toMatch(/aria-label="Name"[^>]*value="Alt"/);
    expect(html).toMatch(/aria-label="Anzahl"[^>]*value="3"/);
    expect(html).toMatch(/aria-label="Aktiv"[^>]*checked=""/);
    expect(html).toMatch(/<option value="a" selected="">/);
  });

  it('keeps what was typed into the server-rendered fields before hydration', async () => {
    // A phone on a slow network shows the form before its code runs: the user's input, not the
    // defaults, is what the form holds once it hydrates (issue 30: forms that load on demand).
    const container = document.createElement('div');
    container.innerHTML = renderToString(<TestForm onValid={() => undefined} />);
    document.body.append(container);
    const typed = container.querySelector<HTMLInputElement>('input[aria-label="Name"]')!;
    typed.value = 'Vor dem Laden';
    container.querySelector<HTMLInputElement>('input[aria-label="Aktiv"]')!.checked = false;
    container.querySelector<HTMLSelectElement>('select[aria-label="Code 1"]')!.value = 'b';
    const onValid = jest.fn();
    const root = await act(async () => hydrateRoot(container, <TestForm onValid={onValid} />));
    await act(async () => container.querySelector<HTMLButtonElement>('button[type="submit"]')!.click());
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      name: 'Vor dem Laden',
      count: 3,
      active: false,
      rows: [{ code: 'b', amount: 1 }],
    });
    act(() => root.unmount());
    container.remove();
  });

  it('leaves a field whose shown text differs from its stored value (setValueAs) alone on later renders', async () => {
    function CodeForm({ onValid }: { onValid: (values: { code: string }) => unknown }) {
      const form = useForm<{ code: string }>({ defaultValues: { code: '' } });
      const { errors } = form.formState;
      return (
        <form noValidate onSubmit={form.handleSubmit(onValid)}>
          <input aria-label="Code" {...form.register('code', { setValueAs: (value: string) => value.toUpperCase() })} />
          {errors.root?.server ? <p>{errors.root.server.message}</p> : null}
          <button type="button" onClick={() => form.setError('root.server', { message: 'Neu zeichnen.' })}>
            Neu zeichnen
          </button>
          <button type="submit">Speichern</button>
        </form>
      );
    }
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<CodeForm onValid={onValid} />);
    await user.type(screen.getByRole('textbox', { name: 'Code' }), 'ab');
    await user.click(screen.getByRole('button', { name: 'Neu zeichnen' }));
    expect(await screen.findByText('Neu zeichnen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ code: 'AB' });
    expect(screen.getByRole('textbox', { name: 'Code' })).toHaveValue('ab');
  });

  it('checks a field from its first blur, then on every change; nothing before', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.clear(nameInput());
    await user.type(nameInput(), 'x');
    expect(nameError()).toBeNull();
    await user.tab();
    await waitFor(() => expect(nameError()).toHaveTextContent('Zu kurz.'));
    await user.type(nameInput(), 'y');
    await waitFor(() => expect(nameError()).toBeNull());
  });

  it('submits the resolver’s output, or shows every error and counts the submit', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} />);
    await user.clear(nameInput());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('1/idle'));
    expect(nameError()).toHaveTextContent('Zu kurz.');
    expect(onValid).not.toHaveBeenCalled();

    await user.type(nameInput(), '  Neu  ');
    await user.clear(screen.getByRole('spinbutton', { name: 'Anzahl' }));
    await user.type(screen.getByRole('spinbutton', { name: 'Anzahl' }), '12');
    await user.click(screen.getByRole('checkbox', { name: 'Aktiv' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Code 1' }), 'b');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      name: 'Neu',
      count: 12,
      active: false,
      rows: [{ code: 'b', amount: 1 }],
    });
    expect(screen.getByTestId('state')).toHaveTextContent('2/idle');
  });

  it('reads an emptied number field as NaN', async () => {
    const onValid = jest.fn();
    const user = userEvent.setup();
    render(<TestForm onValid={onValid} />);
    await user.clear(screen.getByRole('spinbutton', { name: 'Anzahl' }));
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0].count).toBeNaN();
  });

  it('sends once while a submit is under way', async () => {
    let finish: () => void = () => undefined;
    const onValid = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<TestForm onValid={onValid} />);
    const form = nameInput().closest('form') as HTMLFormElement;
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('0/busy'));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    await act(async () => finish());
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('1/idle'));
    expect(onValid).toHaveBeenCalledTimes(1);
  });

  it('keeps a server error when the field is left after a submit, and replaces it on a change', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('1/idle'));
    await user.click(screen.getByRole('button', { name: 'Name vergeben' }));
    expect(nameError()).toHaveTextContent('Vergeben.');
    await user.click(nameInput());
    await user.tab();
    expect(nameError()).toHaveTextContent('Vergeben.');
    await user.type(nameInput(), 'x');
    await waitFor(() => expect(nameError()).toBeNull());
  });

  it('drops the root error on the next submit', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Server' }));
    expect(screen.getByTestId('root')).toHaveTextContent('Serverfehler.');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(screen.queryByTestId('root')).toBeNull());
  });

  it('lets the newest check of a field answer, not a slower older one', async () => {
    const answers: Array<() => void> = [];
    const slow: Resolver<Values, Values> = (values) =>
      new Promise((resolve) => answers.push(() => void resolver(values).then(resolve)));
    render(<TestForm onValid={() => undefined} source={slow} />);
    fireEvent.change(nameInput(), { target: { value: 'x' } });
    fireEvent.blur(nameInput());
    fireEvent.change(nameInput(), { target: { value: 'xy' } });
    expect(answers).toHaveLength(2);
    await act(async () => answers[1]?.());
    await act(async () => answers[0]?.());
    expect(nameError()).toBeNull();
  });

  it('resets values, elements, errors and the submit count', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.clear(nameInput());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(nameError()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(nameInput()).toHaveValue('Neu');
    expect(screen.getByRole('spinbutton', { name: 'Anzahl' })).toHaveValue(7);
    expect(screen.getByRole('checkbox', { name: 'Aktiv' })).not.toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Code 1' })).toHaveValue('b');
    expect(screen.getByRole('textbox', { name: 'Betrag 1' })).toHaveValue('2');
    expect(nameError()).toBeNull();
    expect(screen.getByTestId('state')).toHaveTextContent('0/idle');
  });
});

describe('useFieldArray and Controller', () => {
  it('adds a row, focuses its first control and checks the list', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    expect(screen.getByRole('combobox', { name: 'Code 2' })).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Code 2' })).toHaveValue('b');
    expect(screen.getByTestId('codes')).toHaveTextContent('a,b');
    // The new row's empty amount is an error, shown once the row is left.
    await user.click(screen.getByRole('textbox', { name: 'Betrag 2' }));
    await user.tab();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Betrag?'));
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Höchstens 2.'));
  });

  it('removes a row: the rows below move up with their values and touches', async () => {
    const user = userEvent.setup();
    render(<TestForm onValid={() => undefined} />);
    await user.click(screen.getByRole('button', { name: 'Hinzufügen' }));
    await user.click(screen.getByRole('textbox', { name: 'Betrag 2' }));
    await user.tab();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Betrag?'));
    await user.click(screen.getByRole('button', { name: 'Entfernen 1' }));
    expect(screen.getAllByTestId('row')).toHaveLength(1);
    expect(screen.getByRole('combobox', { name: 'Code 1' })).toHaveValue('b');
    expect(screen.getByTestId('codes')).toHaveTextContent(/^b$/);
    // The moved row is still touched, and its error follows it.
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Betrag?'));
    await user.type(screen.getByRole('textbox', { name: 'Betrag 1' }), '5');
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });
});
