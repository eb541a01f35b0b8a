import 'server-only';
import { preferredLocale } from '@/lib/schemas/locales';
import de from '@/lib/i18n/messages/de.json';
import en from '@/lib/i18n/messages/en.json';
import approvalsDe from '@/lib/i18n/messages/approvals.de.json';
import approvalsEn from '@/lib/i18n/messages/approvals.en.json';
import csvDe from '@/lib/i18n/messages/csv.de.json';
import csvEn from '@/lib/i18n/messages/csv.en.json';
import historyDe from '@/lib/i18n/messages/history.de.json';
import historyEn from '@/lib/i18n/messages/history.en.json';
import documentsDe from '@/lib/i18n/messages/documents.de.json';
import documentsEn from '@/lib/i18n/messages/documents.en.json';
import tasksDe from '@/lib/i18n/messages/tasks.de.json';
import tasksEn from '@/lib/i18n/messages/tasks.en.json';

export type CsvLocale = 'de' | 'en';

/**
 * The words of a CSV export — column headers, roles, statuses, kinds and actions — from the UI's
 * message catalogue by code, in German or English, so an export reads like the screen it came from.
 */
const TEXTS = {
  de: {
    headers: csvDe,
    roles: de.roles,
    accountStatus: de.status.account,
    userStatus: de.status.user,
    approvalKind: approvalsDe.kind,
    approvalStatus: approvalsDe.status,
    entityType: historyDe.entityType,
    action: historyDe.action,
    taskStatus: tasksDe.status,
    taskPriority: tasksDe.priority,
    documentCategory: documentsDe.categories,
  },
  en: {
    headers: csvEn,
    roles: en.roles,
    accountStatus: en.status.account,
    userStatus: en.status.user,
    approvalKind: approvalsEn.kind,
    approvalStatus: approvalsEn.status,
    entityType: historyEn.entityType,
    action: historyEn.action,
    taskStatus: tasksEn.status,
    taskPriority: tasksEn.priority,
    documentCategory: documentsEn.categories,
  },
} as const;

export type CsvTexts = (typeof TEXTS)['de'];

export function csvTexts(locale: CsvLocale): CsvTexts {
  return TEXTS[locale];
}

/** A label by code, or the code itself for one the catalogue does not know (never empty). */
export function labelOf(labels: Record<string, string>, code: string): string {
  return Object.hasOwn(labels, code) ? labels[code]! : code;
}

/**
 * The export's language from `Accept-Language` (the UI's proxy sends the UI language): English
 * when the caller prefers it to German; without a preference between the two, the caller's profile
 * language (`fallback`), else German, the product's language.
 */
export function csvLocaleOf(acceptLanguage: string | null, fallback?: string | null): CsvLocale {
  return preferredLocale(acceptLanguage) ?? (fallback === 'en' ? 'en' : 'de');
}

/** The language of an export request: its `Accept-Language`, else the caller's profile language. */
export function csvLocaleOfRequest(req: Request, actor: { locale?: string | null }): CsvLocale {
  return csvLocaleOf(req.headers.get('accept-language'), actor.locale);
}

/** The header row of a resource's export, in the order of `columns`. */
export function csvHeader<R extends keyof CsvTexts['headers']>(
  texts: CsvTexts,
  resource: R,
  columns: readonly (keyof CsvTexts['headers'][R])[],
): string[] {
  const headers = texts.headers[resource] as Record<string, string>;
  return columns.map((column) => headers[column as string]!);
}
