import 'server-only';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/schemas/user';
import type { ProblemKey } from '@/lib/schemas/problems';
import { ApiError } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';

/** The list ships in the repository beside this file (source and licence in its header). */
const COMMON_PASSWORDS_FILE = path.join(process.cwd(), 'lib/server/auth/common-passwords.txt');

let commonPasswords: ReadonlySet<string> | undefined;

/** Read once, on the first check: 40,000 entries are not worth loading for every request. */
function loadCommonPasswords(): ReadonlySet<string> {
  if (!commonPasswords) {
    const lines = readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split(/\r?\n/);
    commonPasswords = new Set(lines.map((line) => line.trim()).filter((line) => line && !line.startsWith('#')));
  }
  return commonPasswords;
}

const TRANSLITERATIONS: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/**
 * The spellings compared with the list: the password in lower case, without the digits and
 * punctuation people append to satisfy a length rule ("Passwort123456!" is "passwort"), and
 * both again with umlauts written out.
 */
function candidates(password: string): Set<string> {
  const lower = password.normalize('NFKC').toLowerCase();
  const stripped = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  const spellings = [lower, stripped].filter(Boolean);
  return new Set([
    ...spellings,
    ...spellings.map((word) => word.replace(/[äöüß]/g, (char) => TRANSLITERATIONS[char]!)),
  ]);
}

/** Each problem's key in the catalogue `validation.*` and the numbers its text names. */
const PASSWORD_PROBLEMS = {
  tooShort: { code: 'tooShort', params: { minimum: PASSWORD_MIN_LENGTH } },
  tooLong: { code: 'tooLong', params: { maximum: PASSWORD_MAX_LENGTH } },
  common: { code: 'passwordCommon' },
  containsEmail: { code: 'passwordContainsEmail' },
} as const satisfies Record<string, { code: ProblemKey; params?: Record<string, number> }>;

export const PASSWORD_MESSAGES = Object.fromEntries(
  Object.entries(PASSWORD_PROBLEMS).map(([name, problem]) => [
    name,
    germanProblem(problem.code, 'params' in problem ? problem.params : undefined),
  ]),
) as Record<keyof typeof PASSWORD_PROBLEMS, string>;

const PROBLEM_OF_MESSAGE = new Map(
  Object.entries(PASSWORD_PROBLEMS).map(([name, problem]) => [
    PASSWORD_MESSAGES[name as keyof typeof PASSWORD_PROBLEMS],
    problem,
  ]),
);

/**
 * The password policy of SPEC §2: 12–128 characters, not a common password, not containing the
 * e-mail's local part (when it has at least 3 characters). Answers the problems in German, empty
 * when the password is fine. Lengths count like the forms' zod schema, so both agree.
 */
export function checkPassword(password: string, email: string): string[] {
  const problems: string[] = [];
  if (password.length < PASSWORD_MIN_LENGTH) problems.push(PASSWORD_MESSAGES.tooShort);
  if (password.length > PASSWORD_MAX_LENGTH) problems.push(PASSWORD_MESSAGES.tooLong);

  const list = loadCommonPasswords();
  if ([...candidates(password)].some((candidate) => list.has(candidate))) problems.push(PASSWORD_MESSAGES.common);

  const at = email.lastIndexOf('@');
  const localPart = (at >= 0 ? email.slice(0, at) : email).trim().toLowerCase();
  if (localPart.length >= 3 && password.toLowerCase().includes(localPart)) {
    problems.push(PASSWORD_MESSAGES.containsEmail);
  }
  return problems;
}

/** 422 naming the form field, with one detail per problem, when the password breaks the policy. */
export function assertPasswordPolicy(password: string, email: string, field: string): void {
  const problems = checkPassword(password, email);
  if (problems.length === 0) return;
  throw new ApiError('validation_failed', problems[0]!, {
    details: problems.map((message) => ({ path: field, message, ...PROBLEM_OF_MESSAGE.get(message) })),
  });
}
