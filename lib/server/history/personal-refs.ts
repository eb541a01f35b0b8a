import { createHash } from 'node:crypto';

/**
 * People in the history by reference (issue 29): an entry never holds a person's name, e-mail,
 * phone or passkey name ("Veras iPhone", issue 44) itself. `⟦u:<user id>⟧` stands for the person's
 * current label (their name, after erasure the pseudonym); `⟦v:<person id>:<value id>⟧` for one of their values at the time (an old e-mail
 * address), kept in `history_personal_values` until erasure deletes it. So erasure changes no
 * history row, and the hash chain over the stored entries stays valid.
 */
export const PERSONAL_FIELDS: ReadonlySet<string> = new Set(['email', 'firstName', 'lastName', 'phone', 'passkey']);

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const REF = new RegExp(`⟦u:(${UUID})⟧|⟦v:(${UUID}):(${UUID})⟧`, 'g');

export const personRef = (personId: string): string => `⟦u:${personId}⟧`;
export const valueRef = (personId: string, valueId: string): string => `⟦v:${personId}:${valueId}⟧`;

/** "Gelöschte Person 7F3A": stable per person (the first four hex digits of SHA-256 of the id). */
export function pseudonym(personId: string): string {
  return `Gelöschte Person ${createHash('sha256').update(personId).digest('hex').slice(0, 4).toUpperCase()}`;
}

/** The e-mail address an erased user keeps (unique, under the reserved `.invalid` domain). */
export const pseudonymEmail = (personId: string): string => `geloescht-${personId}@erased.invalid`;

export interface RefIds {
  persons: Set<string>;
  values: Set<string>;
}

/** Collects the references in a text (for one lookup per page of entries). */
export function collectRefs(text: string, into: RefIds): void {
  if (!text.includes('⟦')) return;
  for (const match of text.matchAll(REF)) {
    if (match[1]) into.persons.add(match[1]);
    if (match[2]) into.persons.add(match[2]);
    if (match[3]) into.values.add(match[3]);
  }
}

export interface RefLookup {
  /** The person's current label, if the user exists. */
  person: (id: string) => string | undefined;
  /** A kept value; undefined once erased. */
  value: (id: string) => string | undefined;
}

/** Replaces every reference by what it stands for today; erased values become the pseudonym. */
export function resolveRefs(text: string, lookup: RefLookup): string {
  if (!text.includes('⟦')) return text;
  return text.replace(REF, (_all, userId?: string, personId?: string, valueId?: string) => {
    if (userId) return lookup.person(userId) ?? pseudonym(userId);
    return (valueId && lookup.value(valueId)) ?? pseudonym(personId ?? '');
  });
}

/** Applies `resolveRefs` to a field value (strings only; other JSON values hold no references). */
export const resolveValue = (value: unknown, lookup: RefLookup): unknown =>
  typeof value === 'string' ? resolveRefs(value, lookup) : value;
