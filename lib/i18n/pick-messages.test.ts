import { catalogues } from './catalogue';
import { mergeMessages } from './merge-messages';
import { nestedMessagePaths, pickMessages, ROOT_CLIENT_MESSAGES } from './pick-messages';

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

describe('messages once per page (issue 50)', () => {
  it('leaves out of a nested provider what the root provider carries, and repeats nothing', () => {
    expect(ROOT_CLIENT_MESSAGES).toEqual(['common', 'offline', 'errors']);
    expect(
      nestedMessagePaths(['listToolbar', 'common', 'errors.notFound', 'bulk', 'listToolbar', 'accounts.fields']),
    ).toEqual(['listToolbar', 'bulk', 'accounts.fields']);
    expect(nestedMessagePaths(['common', 'offline'])).toEqual([]);
  });

  it("lays a page's messages over the layouts', namespace by namespace, without changing either", () => {
    const outer = { common: { save: 'Speichern' }, approvals: { badge: { label: 'Offen' } } };
    const inner = { approvals: { list: { title: 'Freigaben' } }, bulk: { run: 'Ausführen' } };
    expect(mergeMessages(outer, inner)).toEqual({
      common: { save: 'Speichern' },
      approvals: { badge: { label: 'Offen' }, list: { title: 'Freigaben' } },
      bulk: { run: 'Ausführen' },
    });
    expect(outer).toEqual({ common: { save: 'Speichern' }, approvals: { badge: { label: 'Offen' } } });
    expect(mergeMessages({ a: 'x' }, { a: 'y' })).toEqual({ a: 'y' });
  });

  it("sends a list page's saved views and bulk bar without the texts their on-demand parts bring", () => {
    const picked = pickMessages(catalogues.de, nestedMessagePaths(['listToolbar', 'listViews', 'bulk']));
    // The toggles and the bar stay; the panels' and the dialog's texts come with their code.
    expect(picked.listViews).toEqual({ views: 'Ansichten', columns: 'Spalten' });
    expect(Object.keys(picked.bulk as object)).not.toContain('dialog');
    expect(picked.bulk).toMatchObject({ selectRow: '{label} auswählen', outcome: { forbidden: 'keine Berechtigung' } });
    expect(picked).not.toHaveProperty('confirmDialog');
    // The server's catalogue still has them (and the two locales the same keys: messages.test.ts).
    expect(catalogues.de.listViews.panel.saveTitle).toBe('Aktuelle Ansicht speichern');
    expect(catalogues.de.bulk.dialog.summaryAllOk).toBe('{ok, number} erledigt');
  });
});
