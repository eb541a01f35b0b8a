import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from '@/lib/schemas/zod';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { FormErrorSummary } from './form-error-summary';
import { FormField } from './form-field';
import { useLightForm } from './use-light-form';

const schema = z
  .object({ email: z.string().trim().min(1).pipe(z.email()), code: z.string().min(4) })
  .refine((values) => values.code !== '0000', { path: ['code'], message: 'Nicht 0000.' });

interface Props {
  onValid: (values: { email: string; code: string }) => Promise<void> | void;
  source?: () => Promise<typeof schema>;
}

function TestForm({ onValid, source }: Props) {
  const form = useLightForm(source ?? (() => Promise.resolve(schema)), { email: '', code: '' });
  const { errors, submitCount, isSubmitting } = form.formState;
  return (
    <form noValidate onSubmit={form.handleSubmit(onValid)}>
      <FormErrorSummary errors={errors} submitCount={submitCount} labels={{ email: 'E-Mail', code: 'Code' }} />
      <FormField label="E-Mail" error={errors.email} {...form.register('email')} />
      <FormField label="Code" error={errors.code} {...form.register('code')} />
      <button type="submit" disabled={isSubmitting}>
        Senden
      </button>
      <button type="button" onClick={() => form.setError('code', { type: 'server', message: 'Vom Server.' })}>
        Server
      </button>
      <button type="button" onClick={() => form.reset({ email: 'neu@example.com', code: '' })}>
        Zurücksetzen
      </button>
    </form>
  );
}

const email = () => screen.getByRole('textbox', { name: 'E-Mail' });
const code = () => screen.getByRole('textbox', { name: 'Code' });

describe('useLightForm', () => {
  it('says nothing while a field is typed in for the first time, checks it on blur and then on every change', async () => {
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} />);
    await events.type(email(), 'kein');
    expect(email()).not.toHaveAttribute('aria-invalid');
    await events.tab();
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Keine gültige E-Mail-Adresse.'));
    // The other field is not touched: no message for it yet.
    expect(code()).not.toHaveAttribute('aria-invalid');
    await events.click(email());
    await events.type(email(), '@example.com');
    await waitFor(() => expect(email()).not.toHaveAttribute('aria-invalid'));
  });

  it('checks every field on submit, lists the errors, focuses the summary and does not send', async () => {
    const onValid = jest.fn();
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={onValid} />);
    await events.type(code(), '0000');
    await events.click(screen.getByRole('button', { name: 'Senden' }));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveFocus();
    expect(summary).toHaveTextContent('E-Mail');
    expect(code()).toHaveAccessibleDescription('Nicht 0000.');
    expect(email()).toHaveAccessibleDescription('Pflichtfeld.');
    expect(onValid).not.toHaveBeenCalled();
    // After a submit every change checks its field, touched or not.
    await events.type(email(), 'a@example.com');
    await waitFor(() => expect(email()).not.toHaveAttribute('aria-invalid'));
  });

  it('hands the schema’s output to onValid, once, however often Enter is pressed', async () => {
    let finish: () => void = () => undefined;
    const onValid = jest.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={onValid} />);
    await events.type(email(), '  a@example.com ');
    await events.type(code(), '1234');
    const form = code().closest('form')!;
    act(() => {
      fireEvent.submit(form);
      fireEvent.submit(form);
    });
    await waitFor(() => expect(onValid).toHaveBeenCalledTimes(1));
    expect(onValid).toHaveBeenCalledWith({ email: 'a@example.com', code: '1234' });
    expect(screen.getByRole('button', { name: 'Senden' })).toBeDisabled();
    await act(async () => finish());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Senden' })).toBeEnabled());
  });

  it('shows a server’s verdict until the field is checked again', async () => {
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} />);
    await events.type(code(), '12345');
    await events.click(screen.getByRole('button', { name: 'Server' }));
    expect(code()).toHaveAccessibleDescription('Vom Server.');
    await events.click(code());
    await events.tab();
    await waitFor(() => expect(code()).not.toHaveAttribute('aria-invalid'));
  });

  it('keeps only the newest check of a field when an older one answers later', async () => {
    const answers: Array<() => void> = [];
    // Each check waits until the test lets it answer, so the test decides the order.
    const source = () => new Promise<typeof schema>((resolve) => answers.push(() => resolve(schema)));
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} source={source} />);
    // Nothing loads with the page: the warm-up waits for the first focus or press.
    await act(async () => undefined);
    expect(answers).toHaveLength(0);
    await events.click(email());
    await waitFor(() => expect(answers).toHaveLength(1)); // the warm-up
    answers.shift()!();
    await events.type(email(), 'kein');
    await events.tab(); // check 1 sees "kein"
    await events.click(email());
    await events.type(email(), '@example.com'); // checks 2… see the valid address
    await waitFor(() => expect(answers.length).toBeGreaterThan(1));
    const [oldest, ...newer] = answers.splice(0);
    await act(async () => newer.forEach((answer) => answer()));
    await act(async () => oldest!());
    await act(async () => undefined);
    expect(email()).not.toHaveAttribute('aria-invalid');
  });

  it('reset puts new defaults in, clears the errors and starts untouched', async () => {
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} />);
    await events.click(screen.getByRole('button', { name: 'Senden' }));
    await screen.findByRole('alert');
    await events.click(screen.getByRole('button', { name: 'Zurücksetzen' }));
    expect(email()).toHaveValue('neu@example.com');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(code()).not.toHaveAttribute('aria-invalid');
    await events.type(code(), '1');
    await act(async () => undefined);
    expect(code()).not.toHaveAttribute('aria-invalid');
  });

  it('says the messages in the UI’s language', async () => {
    const events = userEvent.setup();
    renderWithIntl(<TestForm onValid={jest.fn()} />, 'en');
    await events.click(screen.getByRole('button', { name: 'Senden' }));
    await waitFor(() => expect(email()).toHaveAccessibleDescription('Required.'));
  });
});
