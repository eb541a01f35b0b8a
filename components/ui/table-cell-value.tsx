import Link from 'next/link';
import { StatusBadgeView } from './status-badge-view';

/**
 * What a list cell shows, as plain data: text, a link (without prefetch: twenty detail pages per
 * list view would cost the server more than they save) or a status badge. Rows of such values
 * travel to the browser as compact data instead of one element tree per cell.
 */
export type CellValue = string | null | { href: string; text: string } | StatusBadgeValue;

/** A status badge as data: its Bootstrap colour, the status code and its translated name. */
export interface StatusBadgeValue {
  variant: string;
  status: string;
  text: string;
}

export function TableCellValue({ value }: { value: CellValue }) {
  if (value === null || typeof value === 'string') return value;
  if ('href' in value) {
    return (
      <Link href={value.href} prefetch={false}>
        {value.text}
      </Link>
    );
  }
  return <StatusBadgeView {...value} />;
}
