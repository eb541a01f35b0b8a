import { act, renderHook, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from '@/components/ui/form/use-form';
import { z } from '@/lib/schemas/zod';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { applyServerErrors, normaliseErrorPath } from './apply-server-errors';
import { FormErrorSummary } from './form-error-summary';
import { flattenFieldErrors } from './form-error-summary-panel';
import { FormField } from './form-field';
import { MoneyField } from './money-field';
import { useZodForm } from './use-zod-form';

const schema = z.object({
  name: z.string().trim().min(2, 'Mindestens 2 Zeichen.'),
  city: z.string().max(5),
  legalForm: z.enum(['GmbH', 'AG']),
  notes: z.string(),
  isActive: z.boolean(),
  amountCents: z.number({ error: 'Bitte geben Sie einen Betrag in Euro an, z. B. 12,50.' }).int().min(0),
});
type Values = z.input<typeof schema>;

const defaults: Values = { name: '', city: '', legalForm: 'GmbH', notes: '', isActive: false, amountCents: 123456 };

function TestForm({
  onValid,
  defaultValues = defaults,
}: {
  onValid: (values: Values) => void;
  defaultValues?: Values;
}) {
  const form = useZodForm(schema, { defaultValues });
  const { errors, submitCount } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormErrorSummary errors={errors} submitCount={submitCount} labels={{ name: 'Name', amountCents: 'Betrag' }} />
      <FormField label="Name" required help="Wie im Handelsregister" error={errors.name} {...form.register('name')} />
      <FormField label="Ort" error={errors.city} {...form.register('city')} />
      <FormField
        as="select"
        label="Rechtsform"
        options={[
          { value: 'GmbH', label: 'GmbH' },
          { value: 'AG', label: 'AG' },
        ]}
        error={errors.legalForm}
        {...form.register('legalForm')}
      />
      <FormField as="textarea" rows={3} label="Notizen" {...form.register('notes')} />
      <FormField as="checkbox" label="Aktiv" {...form.register('isActive')} />
      <MoneyField control={form.control} name="amountCents" label="Betrag" required />
      <button type="submit">Speichern</button>
      <button type="button" onClick={() => form.reset({ ...defaults, amountCents: 5000 })}>
        Zurücksetzen
      </button>
    </form>
  );
}

describe('FormField', () => {
  it('ties label, help, required marker and error to the input', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderWithIntl(<TestForm onValid={onValid} />);
    const name = screen.getByLabelText<HTMLInputElement>(/^Name/);
    expect(name).toHaveAttribute('id', 'field-name');
    expect(name).toHaveAttribute('aria-required', 'true');
    expect(name).not.toHaveAttribute('required');
    expect(name).not.toHaveAttribute('aria-invalid');
    expect(name).toHaveAttribute('aria-describedby', 'field-name-help');
    expect(name).toHaveAccessibleDescription('Wie im Handelsregister');
    expect(name.labels?.[0]?.querySelector('.text-danger')).toHaveAttribute('aria-hidden', 'true');

    await user.type(name, 'A');
    await user.type(screen.getByLabelText('Ort'), 'Mönchengladbach');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(onValid).not.toHaveBeenCalled();
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveClass('form-control', 'is-invalid');
    expect(name).toHaveAttribute('aria-describedby', 'field-name-error field-name-help');
    expect(name).toHaveAccessibleDescription('Mindestens 2 Zeichen. Wie im Handelsregister');
    // zod's built-in message, in German from the catalogue.
    expect(screen.getByLabelText('Ort')).toHaveAccessibleDescription('Höchstens 5 Zeichen.');
  });

  it('renders select, textarea and checkbox controls with their Bootstrap classes', () => {
    renderWithIntl(<TestForm onValid={jest.fn()} />);
    expect(screen.getByLabelText('Rechtsform')).toHaveClass('form-select');
    expect(screen.getByLabelText('Rechtsform')).toHaveDisplayValue('GmbH');
    expect(screen.getByLabelText('Notizen').tagName).toBe('TEXTAREA');
    expect(screen.getByLabelText('Aktiv')).toHaveAttribute('type', 'checkbox');
    expect(screen.getByLabelText('Aktiv')).toHaveClass('form-check-input');
  });
});

describe('FormErrorSummary', () => {
  it('lists the errors after a failed submit, takes focus and links to the fields', async () => {
    const user = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} />);
    expect(screen.queryByTestId('form-error-summary')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const summary = await screen.findByRole('alert', { name: 'Bitte korrigieren Sie die folgenden Angaben:' });
    await waitFor(() => expect(summary).toHaveFocus());
    const link = screen.getByRole('link', { name: 'Name: Mindestens 2 Zeichen.' });
    expect(link).toHaveAttribute('href', '#field-name');
    await user.click(link);
    expect(screen.getByLabelText(/^Name/)).toHaveFocus();
  });

  it('flattens nested and array errors', () => {
    expect(
      flattenFieldErrors({
        name: { type: 'too_small', message: 'Mindestens 2 Zeichen.' },
        benefits: Object.assign([undefined, { amountCents: { type: 'server', message: 'Zu hoch.' } }], {
          root: { type: 'custom', message: 'Jede Leistung darf nur einmal vorkommen.' },
        }),
        root: { server: { type: 'server', message: 'Konflikt.' } },
      } as never),
    ).toEqual([
      { path: 'name', message: 'Mindestens 2 Zeichen.' },
      { path: 'benefits.1.amountCents', message: 'Zu hoch.' },
      { path: 'benefits', message: 'Jede Leistung darf nur einmal vorkommen.' },
      { path: 'root.server', message: 'Konflikt.' },
    ]);
  });
});

describe('MoneyField', () => {
  it('shows cents as euros and submits what was typed as cents', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderWithIntl(<TestForm onValid={onValid} defaultValues={{ ...defaults, name: 'Alpha GmbH' }} />);
    const amount = screen.getByLabelText(/^Betrag/);
    expect(amount).toHaveValue('1.234,56');
    expect(amount).toHaveAttribute('inputmode', 'decimal');

    await user.clear(amount);
    await user.type(amount, '12,5');
    await user.tab();
    expect(amount).toHaveValue('12,50');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toMatchObject({ amountCents: 1250 });

    await user.clear(amount);
    await user.type(amount, '1.234.567,89');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(2));
    expect(onValid.mock.calls[1]?.[0]).toMatchObject({ amountCents: 123456789 });
  });

  it('reports text that is not an amount, and follows a form reset', async () => {
    const user = userEvent.setup();
    const onValid = jest.fn();
    renderWithIntl(<TestForm onValid={onValid} defaultValues={{ ...defaults, name: 'Alpha GmbH' }} />);
    const amount = screen.getByLabelText(/^Betrag/);
    await user.clear(amount);
    await user.type(amount, 'zwölf');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription('Bitte geben Sie einen Betrag in Euro an, z. B. 12,50.');
    expect(amount).toHaveValue('zwölf');

    await user.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(amount).toHaveValue('50,00');
  });
});

describe('applyServerErrors', () => {
  it('maps API details onto fields and the rest onto the root error', () => {
    const { result } = renderHook(() => {
      const form = useForm<{ zip: string; benefits: { amountCents: number }[] }>({
        defaultValues: { zip: '', benefits: [{ amountCents: 0 }] },
      });
      // Reading `errors` while rendering subscribes to them, as a form component does.
      void form.formState.errors;
      return form;
    });
    let outcome: ReturnType<typeof applyServerErrors> | undefined;
    act(() => {
      outcome = applyServerErrors(
        result.current.setError,
        [
          { path: 'zip', message: 'Die PLZ hat 5 Ziffern.' },
          { path: 'zip', message: 'Zweite Meldung.' },
          { path: 'benefits.0.amountCents', message: 'Zu hoch.' },
          { path: '(root)', message: 'Unbekanntes Feld: foo.' },
          { path: 'version', message: 'Veraltet.' },
        ],
        { fields: (path) => path === 'zip' || path.startsWith('benefits.') },
      );
    });
    expect(outcome?.applied).toEqual(['zip', 'benefits.0.amountCents']);
    expect(outcome?.unmatched.map((detail) => detail.path)).toEqual(['(root)', 'version']);
    const { errors } = result.current.formState;
    expect(errors.zip?.message).toBe('Die PLZ hat 5 Ziffern.');
    expect(errors.benefits?.[0]?.amountCents?.message).toBe('Zu hoch.');
    expect(errors.root?.server?.message).toBe('Unbekanntes Feld: foo. Veraltet.');
  });

  it('accepts a field list and normalises bracket paths', () => {
    const setError = jest.fn();
    const outcome = applyServerErrors(setError, [{ path: 'benefits[1].unit', message: 'Falsche Einheit.' }], {
      fields: ['benefits.1.unit'],
    });
    expect(outcome.applied).toEqual(['benefits.1.unit']);
    expect(setError).toHaveBeenCalledWith('benefits.1.unit', { type: 'server', message: 'Falsche Einheit.' });
    expect(applyServerErrors(setError, undefined)).toEqual({ applied: [], unmatched: [] });
    expect(normaliseErrorPath('(root)')).toBe('');
    expect(normaliseErrorPath('/contact/email')).toBe('contact.email');
  });
});
