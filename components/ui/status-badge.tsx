import { useTranslations } from 'next-intl';
import { StatusBadgeView } from './status-badge-view';
import type { StatusBadgeValue } from './table-cell-value';

type BadgeVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

/**
 * kind → status code → catalogue key and colour. Bootstrap's `text-bg-*` picks a text colour with
 * WCAG AA contrast (dark text on warning/info/light). Add task statuses here.
 */
export const STATUS_BADGES = {
  account: {
    draft: { labelKey: 'status.account.draft', variant: 'secondary' },
    active: { labelKey: 'status.account.active', variant: 'success' },
    suspended: { labelKey: 'status.account.suspended', variant: 'warning' },
    archived: { labelKey: 'status.account.archived', variant: 'dark' },
  },
  user: {
    invited: { labelKey: 'status.user.invited', variant: 'info' },
    active: { labelKey: 'status.user.active', variant: 'success' },
    locked: { labelKey: 'status.user.locked', variant: 'warning' },
    deactivated: { labelKey: 'status.user.deactivated', variant: 'secondary' },
  },
  approval: {
    pending: { labelKey: 'status.approval.pending', variant: 'info' },
    approved: { labelKey: 'status.approval.approved', variant: 'success' },
    rejected: { labelKey: 'status.approval.rejected', variant: 'danger' },
    withdrawn: { labelKey: 'status.approval.withdrawn', variant: 'secondary' },
    obsolete: { labelKey: 'status.approval.obsolete', variant: 'light' },
  },
  task: {
    open: { labelKey: 'status.task.open', variant: 'info' },
    in_progress: { labelKey: 'status.task.in_progress', variant: 'primary' },
    done: { labelKey: 'status.task.done', variant: 'success' },
  },
} as const satisfies Record<string, Record<string, { labelKey: `status.${string}`; variant: BadgeVariant }>>;

export type StatusKind = keyof typeof STATUS_BADGES;
export type StatusCode<K extends StatusKind> = keyof (typeof STATUS_BADGES)[K] & string;
type StatusLabelKey = {
  [K in StatusKind]: {
    [C in StatusCode<K>]: (typeof STATUS_BADGES)[K][C] extends { labelKey: infer L } ? L : never;
  }[StatusCode<K>];
}[StatusKind];
type StatusEntry = { labelKey: StatusLabelKey; variant: BadgeVariant };

export interface StatusBadgeProps<K extends StatusKind> {
  kind: K;
  status: StatusCode<K>;
  className?: string;
}

/** The variant, code and translated name of a status: what a badge shows, also as compact table data. */
export function statusBadgeValue(
  t: (key: StatusLabelKey) => string,
  kind: StatusKind,
  status: string,
): StatusBadgeValue {
  // Looked up as a plain record: a status the map does not know yet (newer API) shows its code.
  const entry = (STATUS_BADGES[kind] as Record<string, StatusEntry | undefined>)[status];
  return { variant: entry?.variant ?? 'secondary', status, text: entry ? t(entry.labelKey) : status };
}

/** A status as a coloured badge with its translated name; usable in server and client components. */
export function StatusBadge<K extends StatusKind>({ kind, status, className }: StatusBadgeProps<K>) {
  const t = useTranslations();
  return <StatusBadgeView {...statusBadgeValue(t, kind, status)} className={className} />;
}
