import validationDe from '@/lib/i18n/messages/validation.de.json';

/**
 * The validation problems both halves name by key: the catalogue `validation.*` holds each text in
 * German and English. Schemas and the API write the German text (the API's `message`, SPEC §5) and
 * the key (a detail's `code`); the UI shows the text of its own language by key, so an English
 * screen never shows the German `message`.
 */
export type ProblemKey = keyof typeof validationDe;

/** The German texts, for the API's translator (lib/server/http/german-problem.ts). */
export const GERMAN_PROBLEMS = validationDe;

const GERMAN: Record<string, string> = GERMAN_PROBLEMS;
const KEY_OF_GERMAN = new Map<string, ProblemKey>(
  Object.entries(validationDe).map(([key, text]) => [text, key as ProblemKey]),
);

/** The German text of a problem without placeholders, for schema messages and API refusals. */
export function problem(key: ProblemKey): string {
  return GERMAN[key]!;
}

/** The key of a German problem text the catalogue holds verbatim (a schema's own message), if any. */
export function problemKeyOf(message: string): ProblemKey | undefined {
  return KEY_OF_GERMAN.get(message);
}

export function isProblemKey(key: string): key is ProblemKey {
  return Object.hasOwn(GERMAN, key);
}
