'use client';

import { useId, useState, type FormEvent } from 'react';
import { usePathname, useRouter, useSearchParams } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { withSearchParams } from '@/lib/list-params';

/**
 * The history's date range (German calendar days, both inclusive) as two date inputs. Applying it
 * writes `from`/`to` into the URL like every other filter, back to page 1; an end before the start
 * is swapped rather than refused, since the intent is plain.
 */
export function DateRangeFilter() {
  const t = useTranslations('history.filters');
  const pathname = usePathname();
  const router = useRouter();
  const searchParams = useSearchParams();
  const id = useId();
  const [from, setFrom] = useState(searchParams.get('from') ?? '');
  const [to, setTo] = useState(searchParams.get('to') ?? '');

  function apply(event: FormEvent) {
    event.preventDefault();
    const [start, end] = from && to && from > to ? [to, from] : [from, to];
    const query = new URLSearchParams(searchParams);
    query.delete('after');
    router.push(withSearchParams(pathname, query, { from: start, to: end }));
  }

  return (
    <form className="d-flex flex-wrap align-items-end gap-2 mb-3" onSubmit={apply} data-testid="date-range">
      <div>
        <label htmlFor={`${id}-from`} className="form-label small mb-1">
          {t('from')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="form-control form-control-sm"
          value={from}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${id}-to`} className="form-label small mb-1">
          {t('to')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="form-control form-control-sm"
          value={to}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <button type="submit" className="btn btn-sm btn-outline-primary">
        {t('apply')}
      </button>
    </form>
  );
}
