import 'server-only';
import type { BenefitRow } from '../../schema';
import type { ApprovalInsert } from './types';
import { benefits } from './accounts';
import type { UserKey } from './users';

// ---------------------------------------------------------------------------------------------
// Approvals
// ---------------------------------------------------------------------------------------------

export interface ApprovalSeed {
  kind: ApprovalInsert['kind'];
  /** Account key, or `user:<key>` for a role grant. */
  entity: string;
  payload: Record<string, unknown>;
  reason: string;
  requestedBy: UserKey;
  requestedDaysAgo: number;
  decision?: { status: 'approved' | 'rejected'; by: UserKey; daysAgo: number; comment: string };
  /** For an approved benefit change: the benefits before it. */
  benefitsBefore?: BenefitRow[];
}

export const APPROVAL_SEEDS: ApprovalSeed[] = [
  // Decided.
  {
    kind: 'account_activation',
    entity: 'muellerSued',
    payload: { status: 'active' },
    reason: 'Vertrag unterschrieben, Mitarbeiterliste liegt vor.',
    requestedBy: 'daniel',
    requestedDaysAgo: 69,
    decision: { status: 'approved', by: 'anna', daysAgo: 68, comment: 'Unterlagen vollständig.' },
  },
  {
    kind: 'benefit_change',
    entity: 'nordlicht',
    payload: {
      benefits: benefits(
        ['sachbezug', 6000],
        ['internet', 5000],
        ['jobticket', 5800],
        ['gesundheit', 60000],
        ['bkv', 3500],
      ),
    },
    benefitsBefore: benefits(['sachbezug', 5000], ['internet', 5000], ['jobticket', 4900], ['gesundheit', 60000]),
    reason: 'Kunde erhöht Sachbezug und Jobticket (Deutschlandticket-Preis) und führt die bKV ein.',
    requestedBy: 'daniel',
    requestedDaysAgo: 40,
    decision: {
      status: 'approved',
      by: 'birgit',
      daysAgo: 39,
      comment: 'Sachbezug über 50 € mit Kunde besprochen, Lohnsteuer wird abgeführt.',
    },
  },
  {
    kind: 'account_activation',
    entity: 'muellerAugsburg',
    payload: { status: 'active' },
    reason: 'Lager startet im nächsten Monat.',
    requestedBy: 'daniel',
    requestedDaysAgo: 30,
    decision: {
      status: 'rejected',
      by: 'birgit',
      daysAgo: 29,
      comment: 'Mietvertrag und Mitarbeiterliste fehlen noch.',
    },
  },
  {
    kind: 'account_archive',
    entity: 'hafenkontor',
    payload: { status: 'archived' },
    reason: 'Kunde hat zum 31.08. gekündigt.',
    requestedBy: 'birgit',
    requestedDaysAgo: 45,
    decision: { status: 'approved', by: 'thomas', daysAgo: 44, comment: 'Kündigung liegt vor.' },
  },
  {
    kind: 'account_archive',
    entity: 'elbtalWaerme',
    payload: { status: 'archived' },
    reason: 'Gesellschaft auf die Elbtal Netze GmbH verschmolzen.',
    requestedBy: 'michael',
    requestedDaysAgo: 25,
    decision: { status: 'approved', by: 'anna', daysAgo: 24, comment: 'Handelsregisterauszug geprüft.' },
  },
  {
    kind: 'role_grant',
    entity: 'user:lukas',
    payload: { role: 'backoffice' },
    reason: 'Herr Hartmann soll Whitelist-Importe für alle Standorte übernehmen.',
    requestedBy: 'birgit',
    requestedDaysAgo: 20,
    decision: {
      status: 'rejected',
      by: 'thomas',
      daysAgo: 19,
      comment: 'Kundenmitarbeiter erhalten keinen Innendienst-Zugang; Manager-Rolle reicht.',
    },
  },
  // Pending: what the deciders see on their dashboard.
  {
    kind: 'account_activation',
    entity: 'holzmann',
    payload: { status: 'active' },
    reason: 'Vertrag unterschrieben zurück, Start zum Monatsersten.',
    requestedBy: 'daniel',
    requestedDaysAgo: 3,
  },
  {
    kind: 'account_activation',
    entity: 'rheinlandLeverkusen',
    payload: { status: 'active' },
    reason: 'Neue Tagespflege eröffnet; gleiche Leistungen wie die Muttergesellschaft.',
    requestedBy: 'katrin',
    requestedDaysAgo: 2,
  },
  {
    kind: 'account_activation',
    entity: 'alpenblick',
    payload: { status: 'active' },
    reason: 'Direktkunde, Vertrag liegt unterschrieben vor.',
    requestedBy: 'birgit',
    requestedDaysAgo: 4,
  },
  {
    kind: 'benefit_change',
    entity: 'hansen',
    payload: { benefits: benefits(['sachbezug', 5000], ['internet', 5000], ['erholung', 15600], ['geschenk', 6000]) },
    reason: 'Sachbezug auf 50 € anheben und Internetpauschale für die Verwaltung einführen.',
    requestedBy: 'daniel',
    requestedDaysAgo: 1,
  },
  {
    kind: 'account_archive',
    entity: 'richterWiesbaden',
    payload: { status: 'archived' },
    reason: 'Standort Wiesbaden wird zum Jahresende geschlossen.',
    requestedBy: 'petra',
    requestedDaysAgo: 2,
  },
  {
    kind: 'role_grant',
    entity: 'user:jonas',
    payload: { role: 'admin' },
    reason: 'Vertretung im IT-Betrieb während der Elternzeit von Frau Albrecht.',
    requestedBy: 'thomas',
    requestedDaysAgo: 1,
  },
];
