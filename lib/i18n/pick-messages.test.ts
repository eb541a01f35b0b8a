import { pickMessages } from './pick-messages';

const messages = {
  common: { save: 'Speichern' },
  accounts: { title: 'Kunden', actions: { edit: 'Bearbeiten' }, dialogs: { cancel: 'Abbrechen' } },
  users: { title: 'Benutzer' },
};

describe('pickMessages', () => {
  it('keeps whole namespaces and parts of them in the shape of the catalogue', () => {
    expect(pickMessages(messages, ['common', 'accounts.actions', 'accounts.dialogs'])).toEqual({
      common: { save: 'Speichern' },
      accounts: { actions: { edit: 'Bearbeiten' }, dialogs: { cancel: 'Abbrechen' } },
    });
  });

  it('fails loudly for a path the catalogue does not have', () => {
    expect(() => pickMessages(messages, ['accounts.nope'])).toThrow('no messages at accounts.nope');
  });

  it('leaves out the texts their components import themselves, without touching the catalogue', () => {
    const catalogue = {
      common: { close: 'Schließen', record: { conflictBody: 'Ihre Eingaben sind noch da.' } },
      errors: { retry: 'Erneut versuchen', api: { forbidden: 'Dafür fehlt Ihnen die Berechtigung.' } },
    };
    expect(pickMessages(catalogue, ['common', 'errors'])).toEqual({
      common: { close: 'Schließen' },
      errors: { retry: 'Erneut versuchen' },
    });
    expect(catalogue.errors.api.forbidden).toBe('Dafür fehlt Ihnen die Berechtigung.');
    expect(catalogue.common.record.conflictBody).toBe('Ihre Eingaben sind noch da.');
  });
});
