import { FOREIGN_EMAIL, mapEntryTexts, othersByName, withoutForeignEmails } from './foreign-values';

const ME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';
const VALUE = '33333333-3333-4333-8333-333333333333';

describe('the export shows other people by name only', () => {
  it('turns another person’s value into a reference to the person, keeps one’s own', () => {
    expect(othersByName(`⟦v:${OTHER}:${VALUE}⟧`, ME)).toBe(`⟦u:${OTHER}⟧`);
    expect(othersByName(`⟦v:${ME}:${VALUE}⟧`, ME)).toBe(`⟦v:${ME}:${VALUE}⟧`);
    expect(othersByName('Konto Nord', ME)).toBe('Konto Nord');
  });

  it('blanks e-mail addresses but the person’s own, in labels and nested field values', () => {
    const own = new Set(['vera@example.com']);
    expect(withoutForeignEmails('an Vera@example.com und otto@example.org', own)).toBe(
      `an Vera@example.com und ${FOREIGN_EMAIL}`,
    );
    const row = mapEntryTexts(
      {
        actorLabel: 'a@b.de',
        entityLabel: 'x',
        fields: [{ field: 'values', before: null, after: [{ email: 'z@y.com' }, 3] }],
      },
      (text) => withoutForeignEmails(text, own),
    );
    expect(row).toEqual({
      actorLabel: FOREIGN_EMAIL,
      entityLabel: 'x',
      fields: [{ field: 'values', before: null, after: [{ email: FOREIGN_EMAIL }, 3] }],
    });
  });
});
