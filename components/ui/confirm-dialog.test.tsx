import { useState } from 'react';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

function Harness({ onConfirm, onHide = jest.fn() }: Pick<ConfirmDialogProps, 'onConfirm'> & { onHide?: () => void }) {
  const [show, setShow] = useState(true);
  return (
    <>
      <ConfirmDialog
        show={show}
        title="Konto sperren?"
        confirmLabel="Sperren"
        confirmVariant="danger"
        onConfirm={onConfirm}
        onHide={() => {
          onHide();
          setShow(false);
        }}
      >
        Benutzer dieses Kontos können sich dann nicht mehr anmelden.
      </ConfirmDialog>
      <button type="button" onClick={() => setShow(true)}>
        Öffnen
      </button>
    </>
  );
}

function deferred() {
  let resolve: (value?: void | boolean) => void = () => {};
  let reject: (reason: unknown) => void = () => {};
  const promise = new Promise<void | boolean>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('is a labelled dialog with the confirm button focused', async () => {
    renderWithIntl(<Harness onConfirm={jest.fn()} />);
    const dialog = await screen.findByRole('dialog', { name: 'Konto sperren?' });
    expect(dialog).toHaveTextContent('Benutzer dieses Kontos können sich dann nicht mehr anmelden.');
    const confirm = screen.getByRole('button', { name: 'Sperren' });
    expect(confirm).toHaveClass('btn-danger');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument();
    await waitFor(() => expect(confirm).toHaveFocus());
  });

  it('is busy while the action runs, then closes', async () => {
    const user = userEvent.setup();
    const action = deferred();
    const onHide = jest.fn();
    renderWithIntl(<Harness onConfirm={() => action.promise} onHide={onHide} />);
    await user.click(await screen.findByRole('button', { name: 'Sperren' }));

    const busy = screen.getByTestId('confirm-dialog-confirm');
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(busy).toHaveTextContent('Wird ausgeführt …');
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Schließen' })).toBeNull();
    // Escape does nothing while busy.
    await user.keyboard('{Escape}');
    expect(onHide).not.toHaveBeenCalled();

    action.resolve();
    await waitFor(() => expect(onHide).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('stays open with a message when the action fails, or when it answers false', async () => {
    const user = userEvent.setup();
    const onHide = jest.fn();
    const onConfirm = jest.fn().mockRejectedValueOnce(new Error('503')).mockResolvedValueOnce(false);
    renderWithIntl(<Harness onConfirm={onConfirm} onHide={onHide} />);
    await user.click(await screen.findByRole('button', { name: 'Sperren' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Die Aktion ist fehlgeschlagen. Bitte versuchen Sie es erneut.',
    );
    expect(screen.getByRole('button', { name: 'Sperren' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Sperren' }));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledTimes(2));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onHide).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('closes on Escape and on cancel', async () => {
    const user = userEvent.setup();
    const onHide = jest.fn();
    const onConfirm = jest.fn();
    renderWithIntl(<Harness onConfirm={onConfirm} onHide={onHide} />);
    await screen.findByRole('dialog');
    await user.keyboard('{Escape}');
    expect(onHide).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    await user.click(screen.getByRole('button', { name: 'Öffnen' }));
    await user.click(await screen.findByRole('button', { name: 'Abbrechen' }));
    expect(onHide).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });
});
