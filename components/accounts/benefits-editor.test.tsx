import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FormProvider } from '@/components/ui/form/use-form';
import { z } from '@/lib/schemas/zod';
import { useZodForm } from '@/components/ui/form';
import { benefitsSchema } from '@/lib/schemas/account';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { BenefitsEditor, type BenefitsFormValues } from './benefits-editor';

const schema = z.object({ benefits: benefitsSchema });

function Harness({
  defaultValues = { benefits: [] },
  onValid,
}: {
  defaultValues?: BenefitsFormValues;
  onValid: (values: z.output<typeof schema>) => void;
}) {
  const form = useZodForm(schema as unknown as z.ZodType<z.output<typeof schema>, BenefitsFormValues>, {
    defaultValues,
  });
  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={form.handleSubmit(onValid)}>
        <BenefitsEditor />
        <button type="submit">Speichern</button>
      </form>
    </FormProvider>
  );
}

const rows = () => screen.queryAllByTestId('benefit-row');
const row = (index: number) => {
  const element = rows()[index];
  if (!element) throw new Error(`no benefit row ${index}`);
  return within(element);
};
const codeSelect = (index: number) => row(index).getByRole<HTMLSelectElement>('combobox', { name: /^Leistung/ });
const unitText = (index: number) => row(index).getByTestId('benefit-unit');
const option = (select: HTMLSelectElement, value: string) => {
  const element = Array.from(select.options).find((candidate) => candidate.value === value);
  if (!element) throw new Error(`no option ${value}`);
  return element;
};

function setup(defaultValues?: BenefitsFormValues) {
  const user = userEvent.setup();
  const onValid = jest.fn();
  renderWithIntl(<Harness onValid={onValid} defaultValues={defaultValues} />);
  const add = () => user.click(screen.getByRole('button', { name: 'Leistung hinzufügen' }));
  const submit = () => user.click(screen.getByRole('button', { name: 'Speichern' }));
  return { user, onValid, add, submit };
}

describe('BenefitsEditor', () => {
  it('adds rows with the first unused benefit and its unit, and removes them again', async () => {
    const { user, add } = setup();
    expect(screen.getByText('Noch keine Leistungen hinterlegt.')).toBeInTheDocument();

    await add();
    expect(rows()).toHaveLength(1);
    expect(codeSelect(0)).toHaveDisplayValue('Sachbezug (Gutscheinkarte)');
    expect(codeSelect(0)).toHaveFocus();
    expect(unitText(0)).toHaveTextContent('pro Monat');
    expect(screen.queryByText('Noch keine Leistungen hinterlegt.')).toBeNull();

    await add();
    expect(rows()).toHaveLength(2);
    expect(codeSelect(1)).toHaveDisplayValue('Essenszuschuss');
    expect(unitText(1)).toHaveTextContent('pro Arbeitstag (max. 15 Tage im Monat)');

    await user.click(screen.getByRole('button', { name: 'Leistung 1 entfernen' }));
    expect(rows()).toHaveLength(1);
    expect(codeSelect(0)).toHaveDisplayValue('Essenszuschuss');
    expect(screen.getByRole('button', { name: 'Leistung hinzufügen' })).toHaveFocus();

    await user.click(screen.getByRole('button', { name: 'Leistung 1 entfernen' }));
    expect(rows()).toHaveLength(0);
    expect(screen.getByText('Noch keine Leistungen hinterlegt.')).toBeInTheDocument();
  });

  it('sets the unit from the catalogue when the benefit changes, and submits it', async () => {
    const { user, add, submit, onValid } = setup();
    await add();
    await user.selectOptions(codeSelect(0), 'gesundheit');
    expect(unitText(0)).toHaveTextContent('pro Jahr');
    expect(row(0).getByRole('textbox', { name: /^Betrag/ })).toHaveAccessibleDescription(
      /^Steuerfreie Grenze: 600,00\s€$/,
    );

    await user.selectOptions(codeSelect(0), 'geschenk');
    expect(unitText(0)).toHaveTextContent('pro Anlass');
    await user.type(row(0).getByRole('textbox', { name: /^Betrag/ }), '40');
    await submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({
      benefits: [{ code: 'geschenk', amountCents: 4000, unit: 'occasion' }],
    });
  });

  it('offers each benefit only once', async () => {
    const { user, add } = setup();
    await add();
    await add();
    // Row 1 has Sachbezug, row 2 Essenszuschuss: each is disabled in the other row's choice.
    expect(option(codeSelect(0), 'essenszuschuss')).toBeDisabled();
    expect(option(codeSelect(0), 'sachbezug')).toBeEnabled();
    expect(option(codeSelect(1), 'sachbezug')).toBeDisabled();

    await user.selectOptions(codeSelect(0), 'kita');
    expect(option(codeSelect(1), 'sachbezug')).toBeEnabled();
    expect(option(codeSelect(1), 'kita')).toBeDisabled();
    // The next row takes the first benefit no row uses.
    await add();
    expect(codeSelect(2)).toHaveDisplayValue('Sachbezug (Gutscheinkarte)');
  });

  it('stops adding when every catalogue benefit is listed', async () => {
    const { add } = setup();
    for (let count = 0; count < 10; count += 1) await add();
    expect(rows()).toHaveLength(10);
    expect(screen.getByRole('button', { name: 'Leistung hinzufügen' })).toBeDisabled();
    expect(screen.getByText('Alle Leistungen des Katalogs sind bereits hinterlegt.')).toBeInTheDocument();
  });

  it('warns above the tax-free limit without blocking the save', async () => {
    const { user, submit, onValid } = setup({ benefits: [{ code: 'sachbezug', amountCents: null, unit: 'month' }] });
    const amount = row(0).getByRole('textbox', { name: /^Betrag/ });
    expect(amount).toHaveAccessibleDescription(/^Steuerfreie Grenze: 50,00\s€$/);

    await user.type(amount, '50,00');
    expect(row(0).queryByText(/Über der steuerfreien Grenze/)).toBeNull();

    await user.clear(amount);
    await user.type(amount, '60,00');
    const warning = row(0).getByRole('status');
    expect(warning).toHaveTextContent(
      'Über der steuerfreien Grenze von 50,00 €. Der übersteigende Betrag ist steuerpflichtig.',
    );
    expect(amount.getAttribute('aria-describedby')?.split(' ')).toContain(warning.id);
    expect(amount).not.toHaveAttribute('aria-invalid');

    await submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ benefits: [{ code: 'sachbezug', amountCents: 6000, unit: 'month' }] });

    await user.clear(amount);
    await user.type(amount, '50');
    expect(row(0).getByRole('status')).toBeEmptyDOMElement();
    expect(amount.getAttribute('aria-describedby')).not.toContain(warning.id);
  });

  it('takes the bAV subsidy in percent and warns below the minimum', async () => {
    const { user, add, submit, onValid } = setup();
    await add();
    await user.selectOptions(codeSelect(0), 'bav');
    expect(unitText(0)).toHaveTextContent('der Entgeltumwandlung');
    const percent = row(0).getByRole('textbox', { name: /^Zuschuss in %/ });
    expect(percent).toHaveAccessibleDescription(/^Mindestens: 15\s%$/);

    await user.type(percent, '15');
    await user.tab();
    expect(percent).toHaveValue('15,00');
    expect(row(0).getByRole('status')).toBeEmptyDOMElement();
    await submit();
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid.mock.calls[0]?.[0]).toEqual({ benefits: [{ code: 'bav', amountCents: 1500, unit: 'percent' }] });

    await user.clear(percent);
    await user.type(percent, '10');
    expect(row(0).getByRole('status')).toHaveTextContent('Unter dem Mindestzuschuss von 15 %.');
  });

  it('asks for an amount and reports text that is not one', async () => {
    const { user, add, submit, onValid } = setup();
    await add();
    await submit();
    const amount = row(0).getByRole('textbox', { name: /^Betrag/ });
    expect(onValid).not.toHaveBeenCalled();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(amount).toHaveAccessibleDescription(/Pflichtfeld\./);

    await user.type(amount, 'viel');
    expect(amount).toHaveAccessibleDescription(/Bitte geben Sie eine Zahl ein\./);
  });
});
