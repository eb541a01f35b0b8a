/**
 * Erasure in stored import reports (issue 49, GDPR Art. 17): a report's rows — the issues and the
 * preview — name people by their e-mail address (a user import's rows, an account's distributor, a
 * whitelist's addresses). When a person is erased, every row that names one of their addresses gets
 * the address replaced by the pseudonym's address, and in that row only, each name or phone number
 * the person has or had by the pseudonym (a user import's preview reads "Hanna Hansen · …" beside the
 * address). Rows naming nobody's erased address are left as they are: a short name alone cannot alter
 * an unrelated row. Pure, so that the rule is tested without a database.
 */

export interface ErasedPerson {
  /** Every address the person had (any case). */
  addresses: readonly string[];
  /** Their names and phone numbers, now and earlier (values shorter than 2 characters are ignored). */
  personal: readonly string[];
}

export interface Pseudonym {
  email: string;
  name: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const distinct = (values: readonly string[], minLength: number) =>
  [...new Set(values.map((value) => value.trim()).filter((value) => value.length >= minLength))]
    // Longest first: "Erika Löschbar" before "Löschbar".
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp);

/**
 * Whole values only: an address not inside a longer one ("a@x.de" is not in "anna@x.de"), a name not
 * inside a word ("Ana" is not in "Manager"). Case-insensitive, as addresses and typed names vary.
 */
const ADDRESS_BEFORE = String.raw`(?<![\p{L}\p{N}._%+\-])`;
const ADDRESS_AFTER = String.raw`(?!\.?[\p{L}\p{N}\-])`;
const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}])`;

/** The report with the person's addresses (and, in rows naming them, their names) replaced; `changed` when any was. */
export function scrubReport<T>(report: T, person: ErasedPerson, pseudonym: Pseudonym): { report: T; changed: boolean } {
  const addressList = distinct(person.addresses, 3);
  if (addressList.length === 0) return { report, changed: false };
  const address = `${ADDRESS_BEFORE}(?:${addressList.join('|')})${ADDRESS_AFTER}`;
  const addresses = new RegExp(address, 'iu');
  const nameList = distinct(person.personal, 2);
  // One pass over each value: a name's replacement never lands inside the pseudonym's address.
  const inRow = new RegExp(
    nameList.length > 0 ? `(${address})|${WORD_BEFORE}(?:${nameList.join('|')})${WORD_AFTER}` : `(${address})`,
    'giu',
  );
  let changed = false;

  const visit = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(visit);
    if (node === null || typeof node !== 'object') return node;
    const entries = Object.entries(node as Record<string, unknown>);
    const namesPerson = entries.some(([, value]) => typeof value === 'string' && addresses.test(value));
    if (namesPerson) changed = true;
    return Object.fromEntries(
      entries.map(([key, value]) => {
        if (typeof value !== 'string') return [key, visit(value)];
        if (!namesPerson) return [key, value];
        return [
          key,
          value.replace(inRow, (_match, isAddress?: string) => (isAddress ? pseudonym.email : pseudonym.name)),
        ];
      }),
    );
  };
  const scrubbed = visit(report) as T;
  return changed ? { report: scrubbed, changed } : { report, changed };
}
