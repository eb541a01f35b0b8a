'use client';

// A client component although it has no state: the loading boundary of every list then travels as
// one reference with its props in the RSC payload instead of its 5 × 3 cells of markup.
import { useTranslations } from 'next-intl';

export interface TableSkeletonProps {
  /** Default 5 (SPEC §6). */
  columns?: number;
  /** Default 3 (SPEC §6). */
  rows?: number;
  className?: string;
}

const WIDTHS = ['col-7', 'col-9', 'col-6', 'col-8', 'col-5'];

/**
 * What `loading.tsx` shows while a list loads: 5 × 3 Bootstrap placeholders, announced as "Wird geladen …".
 * At least a viewport high (`min-vh-100`): the footer then stays below the fold until the list replaces
 * the placeholders, instead of showing at the bottom of a short page and being pushed away — a layout
 * shift of 0.111 in Lighthouse's mobile runs whenever the list streamed in after the first paint (issue 30).
 */
export function TableSkeleton({ columns = 5, rows = 3, className }: TableSkeletonProps) {
  const t = useTranslations('common');
  const cells = Array.from({ length: columns }, (_, index) => WIDTHS[index % WIDTHS.length]);
  return (
    <div
      className={['min-vh-100', className].filter(Boolean).join(' ')}
      aria-busy="true"
      role="status"
      data-testid="table-skeleton"
    >
      <span className="visually-hidden">{t('loading')}</span>
      <div className="table-responsive" aria-hidden="true">
        <table className="table align-middle placeholder-glow mb-0">
          <thead>
            <tr>
              {cells.map((width, index) => (
                <th key={index} scope="col">
                  <span className={`placeholder ${width}`} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, row) => (
              <tr key={row}>
                {cells.map((width, index) => (
                  <td key={index}>
                    <span className={`placeholder ${width}`} />
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
