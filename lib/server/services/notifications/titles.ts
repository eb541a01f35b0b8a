import type { Locale } from '@/lib/schemas/auth';

const APPROVAL_KIND: Record<string, Record<Locale, string>> = {
  account_activation: { de: 'Aktivierung', en: 'Activation' },
  account_archive: { de: 'Archivierung', en: 'Archiving' },
  benefit_change: { de: 'Leistungsänderung', en: 'Benefit change' },
  role_grant: { de: 'Rollenvergabe', en: 'Role grant' },
  mfa_reset: { de: 'Zweiten Faktor zurücksetzen', en: 'Reset second factor' },
  user_erasure: { de: 'Löschung (DSGVO)', en: 'Erasure (GDPR)' },
};

const DECISION: Record<string, Record<Locale, string>> = {
  approved: { de: 'freigegeben', en: 'approved' },
  rejected: { de: 'abgelehnt', en: 'rejected' },
  obsolete: {
    de: 'hinfällig (der Datensatz hat sich inzwischen geändert)',
    en: 'obsolete (the record changed meanwhile)',
  },
};

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);

/** A notification's one-line title in the recipient's language (kept on the row as written). */
export const titles = {
  taskAssigned: (locale: Locale, task: { title: string }) =>
    locale === 'de' ? `Neue Aufgabe für Sie: „${clip(task.title)}“` : `New task for you: “${clip(task.title)}”`,
  taskDue: (locale: Locale, task: { title: string; dueDate: string }, overdue: boolean) =>
    overdue
      ? locale === 'de'
        ? `Aufgabe überfällig (fällig am ${task.dueDate}): „${clip(task.title)}“`
        : `Task overdue (due ${task.dueDate}): “${clip(task.title)}”`
      : locale === 'de'
        ? `Aufgabe morgen fällig: „${clip(task.title)}“`
        : `Task due tomorrow: “${clip(task.title)}”`,
  approvalRequested: (locale: Locale, approval: { kind: string; entityLabel: string }) =>
    locale === 'de'
      ? `Freigabe angefragt: ${APPROVAL_KIND[approval.kind]?.de ?? approval.kind} – ${clip(approval.entityLabel)}`
      : `Approval requested: ${APPROVAL_KIND[approval.kind]?.en ?? approval.kind} – ${clip(approval.entityLabel)}`,
  approvalDecided: (
    locale: Locale,
    approval: { kind: string; entityLabel: string; status: string; comment: string },
  ) => {
    const kind = APPROVAL_KIND[approval.kind]?.[locale] ?? approval.kind;
    const decision = DECISION[approval.status]?.[locale] ?? approval.status;
    const comment = approval.comment
      ? locale === 'de'
        ? ` – „${clip(approval.comment, 200)}“`
        : ` – “${clip(approval.comment, 200)}”`
      : '';
    return locale === 'de'
      ? `Ihre Anfrage (${kind}, ${clip(approval.entityLabel)}) wurde ${decision}${comment}`
      : `Your request (${kind}, ${clip(approval.entityLabel)}) was ${decision}${comment}`;
  },
  documentAdded: (locale: Locale, document: { title: string; accountName: string }) =>
    locale === 'de'
      ? `Neues Dokument „${clip(document.title)}“ für ${clip(document.accountName)}`
      : `New document “${clip(document.title)}” for ${clip(document.accountName)}`,
};
