import type { ComponentType } from 'react';
import Link from 'next/link';
import { StatusBadgeView } from './status-badge-view';

/**
 * What a list cell shows, as plain data: text, a link (without prefetch: twenty detail pages per
 * list view would cost the server more than they save), a status badge, text in the secondary
 * colour, text with a badge beside it (a task's date and "überfällig"), or the props of the
 * column's client component (a task's quick status change, an approval's decision button). Rows of
 * such values travel to the browser as compact data instead of one element tree per cell (issue 50).
 */
export type CellValue =
  | string
  | null
  | { href: string; text: string }
  | StatusBadgeValue
  | { text: string; muted: true }
  | { text: string; note: CellNote }
  | { client: Record<string, unknown> };

/** A status badge as data: its Bootstrap colour, the status code and its translated name. */
export interface StatusBadgeValue {
  variant: string;
  status: string;
  text: string;
}

/** A badge after a cell's text (its Bootstrap colour, its text and the test id it carries). */
export interface CellNote {
  variant: string;
  text: string;
  testId: string;
}

/**
 * A column's client component, handed over as a client reference; `CellClient` values are its
 * props. Typed loosely on purpose: each column pairs its own component with its own props.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
export type CellComponent = ComponentType<any>;

export function TableCellValue({ value, Client }: { value: CellValue; Client?: CellComponent }) {
  if (value === null || typeof value === 'string') return value;
  if ('client' in value) {
    if (!Client) return null;
    // Fresh state when the row's data changes (a refresh after a change brings a new version).
    return <Client key={JSON.stringify(value.client)} {...value.client} />;
  }
  if ('href' in value) {
    return (
      <Link href={value.href} prefetch={false}>
        {value.text}
      </Link>
    );
  }
  if ('muted' in value) return <span className="text-body-secondary">{value.text}</span>;
  if ('note' in value) {
    return (
      <>
        {value.text}
        <span className={`badge text-bg-${value.note.variant} ms-2`} data-testid={value.note.testId}>
          {value.note.text}
        </span>
      </>
    );
  }
  return <StatusBadgeView {...value} />;
}
