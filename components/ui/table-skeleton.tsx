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

/** What `loading.tsx` shows while a list loads: 5 × 3 Bootstrap placeholders, announced as "Wird geladen …". */
export function TableSkeleton({ columns = 5, rows = 3, className }: TableSkeletonProps) {
  const t = useTranslations('common');
  const cells = Array.from({ length: columns }, (_, index) => WIDTHS[index % WIDTHS.length]);
  return (
    <div className={className} aria-busy="true" role="status" data-testid="table-skeleton">
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
