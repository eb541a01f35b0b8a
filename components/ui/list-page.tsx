import Link from 'next/link';
import type { ReactNode } from 'react';

/**
 * The head of a list page: its title and, for those who may write, the actions that create
 * (`actions`: one or more links). Server-rendered; every list page uses it.
 */
export function ListPageHeader({ title, actions }: { title: ReactNode; actions?: ReactNode }) {
  return (
    <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
      <h1 className="h3 mb-0">{title}</h1>
      {actions ? <div className="d-flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/**
 * "Only the entries of …" above a list that a link narrowed to one account, user or record, with
 * the way back to the whole list.
 */
export function ListScopeNotice({
  children,
  clearHref,
  clearLabel,
  testId,
  tone = 'info',
}: {
  children: ReactNode;
  clearHref: string;
  clearLabel: string;
  testId?: string;
  /** `warning`: the list could not show what the URL asked for (its query was refused). */
  tone?: 'info' | 'warning';
}) {
  return (
    <div className={`alert alert-${tone} d-flex flex-wrap align-items-center gap-2`} role="status" data-testid={testId}>
      <span>{children}</span>
      <Link href={clearHref} className="alert-link">
        {clearLabel}
      </Link>
    </div>
  );
}
