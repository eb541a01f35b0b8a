import type { ChangeField } from '@/lib/server/db/schema';

/**
 * The personal-data export shows other people by name only (issue 44): another person's value at the
 * time (`⟦v:<other>:<id>⟧`: an old e-mail address, phone, passkey name) becomes a reference to the
 * person (`⟦u:<other>⟧`, their name), and any e-mail address left in a text that is not one of the
 * person's own (a whitelist entry they created, a mail they sent) is blanked.
 */
const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const VALUE_REF = new RegExp(`⟦v:(${UUID}):${UUID}⟧`, 'g');
const EMAIL = /[^\s@<>"',;()[\]]+@[^\s@<>"',;()[\]]+\.[^\s@<>"',;()[\]]+/g;

export const FOREIGN_EMAIL = '[E-Mail-Adresse einer anderen Person]';

/** Before resolving: another person's values stand for the person. */
export function othersByName(text: string, personId: string): string {
  if (!text.includes('⟦v:')) return text;
  return text.replace(VALUE_REF, (ref, owner: string) => (owner === personId ? ref : `⟦u:${owner}⟧`));
}

/** After resolving: e-mail addresses other than the person's own are blanked. */
export function withoutForeignEmails(text: string, own: ReadonlySet<string>): string {
  if (!text.includes('@')) return text;
  return text.replace(EMAIL, (address) => (own.has(address.toLowerCase()) ? address : FOREIGN_EMAIL));
}

const mapText = (value: unknown, map: (text: string) => string): unknown => {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapText(item, map));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, mapText(item, map)]));
  }
  return value;
};

/** Applies `map` to the entry's labels and every text in its fields. */
export function mapEntryTexts<T extends { actorLabel: string; entityLabel: string; fields: ChangeField[] }>(
  row: T,
  map: (text: string) => string,
): T {
  return {
    ...row,
    actorLabel: map(row.actorLabel),
    entityLabel: map(row.entityLabel),
    fields: row.fields.map((entry) => ({
      field: entry.field,
      before: mapText(entry.before, map),
      after: mapText(entry.after, map),
    })),
  };
}
