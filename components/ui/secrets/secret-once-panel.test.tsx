import { fireEvent, render, screen } from '@testing-library/react';
import { CheckboxGroup } from '@/components/ui/form/checkbox-group';
import { SecretOncePanel } from './secret-once-panel';

describe('SecretOncePanel', () => {
  it('shows the secret read-only under its label and calls onDone', () => {
    const onDone = jest.fn();
    render(
      <SecretOncePanel
        id="s"
        testId="key-secret"
        title="Schlüssel erstellt"
        once="Nur jetzt sichtbar."
        label="Geheimnis"
        done="Gespeichert"
        secret="ems_abc"
        onDone={onDone}
      />,
    );
    const input = screen.getByLabelText('Geheimnis') as HTMLInputElement;
    expect(input.value).toBe('ems_abc');
    expect(input.readOnly).toBe(true);
    expect(screen.getByTestId('key-secret-value')).toBe(input);
    expect(screen.getByRole('status')).toHaveTextContent('Nur jetzt sichtbar.');
    fireEvent.click(screen.getByRole('button', { name: 'Gespeichert' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});

describe('CheckboxGroup', () => {
  it('renders one labelled box per value under the legend, all with the same name', () => {
    const { container } = render(
      <form>
        <CheckboxGroup idPrefix="f" legend="Ereignisse" name="events" values={['account.created', 'task.done']} />
      </form>,
    );
    expect(screen.getByRole('group', { name: 'Ereignisse' })).toBeInTheDocument();
    fireEvent.click(screen.getByLabelText('task.done'));
    const data = new FormData(container.querySelector('form')!);
    expect(data.getAll('events')).toEqual(['task.done']);
  });
});
