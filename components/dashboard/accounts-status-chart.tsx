import { useId } from 'react';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { Group } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar } from '@visx/shape';
import { formatNumber } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { AccountStatus } from '@/lib/schemas/account';

const WIDTH = 320;
const HEIGHT = 160;
const MARGIN = { top: 16, right: 8, bottom: 24, left: 8 };
/** Bootstrap's status colours of the account badges (draft secondary, active success, …), in both themes (globals.css). */
const COLOURS: Record<AccountStatus, string> = {
  draft: 'var(--bs-secondary)',
  active: 'var(--bs-success)',
  suspended: 'var(--bs-warning)',
  archived: 'var(--app-status-archived)',
};

/**
 * Accounts by status as a small bar chart (visx: plain SVG drawn on the server, so the dashboard
 * ships no chart JavaScript), named for assistive technology, with the same numbers in a table
 * beside it whose rows link to the filtered account list.
 */
export function AccountsStatusChart({ counts }: { counts: readonly { status: AccountStatus; count: number }[] }) {
  const t = useTranslations('dashboard.accounts');
  const tStatus = useTranslations('status.account');
  const locale = useLocale();
  const titleId = useId();
  const innerWidth = WIDTH - MARGIN.left - MARGIN.right;
  const innerHeight = HEIGHT - MARGIN.top - MARGIN.bottom;
  const x = scaleBand<string>({ domain: counts.map((entry) => entry.status), range: [0, innerWidth], padding: 0.3 });
  const max = Math.max(1, ...counts.map((entry) => entry.count));
  const y = scaleLinear<number>({ domain: [0, max], range: [innerHeight, 0] });
  const number = (value: number) => formatNumber(value, locale);

  return (
    <div className="row g-3 align-items-center" data-testid="accounts-by-status">
      <div className="col-md-7">
        <svg
          viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
          className="w-100 h-auto"
          role="img"
          aria-labelledby={titleId}
          data-testid="accounts-chart"
        >
          <title id={titleId}>
            {`${t('chartLabel')}: ${counts.map((entry) => `${tStatus(entry.status)} ${number(entry.count)}`).join(', ')}`}
          </title>
          <Group left={MARGIN.left} top={MARGIN.top}>
            {counts.map((entry) => {
              const barX = x(entry.status) ?? 0;
              const barY = y(entry.count);
              const width = x.bandwidth();
              return (
                <g key={entry.status} aria-hidden="true">
                  <Bar
                    x={barX}
                    y={barY}
                    width={width}
                    height={innerHeight - barY}
                    fill={COLOURS[entry.status]}
                    rx={2}
                  />
                  <text x={barX + width / 2} y={barY - 4} textAnchor="middle" fontSize={11} fill="currentColor">
                    {number(entry.count)}
                  </text>
                  <text x={barX + width / 2} y={innerHeight + 16} textAnchor="middle" fontSize={11} fill="currentColor">
                    {tStatus(entry.status)}
                  </text>
                </g>
              );
            })}
          </Group>
        </svg>
      </div>
      <div className="col-md-5">
        <table className="table table-sm mb-0" data-testid="accounts-by-status-table">
          <caption className="visually-hidden">{t('tableCaption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('status')}</th>
              <th scope="col" className="text-end">
                {t('count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {counts.map((entry) => (
              <tr key={entry.status} data-status={entry.status}>
                <th scope="row" className="fw-normal">
                  <Link href={hrefs.accounts({ status: entry.status })} prefetch={false}>
                    {tStatus(entry.status)}
                  </Link>
                </th>
                <td className="text-end">{number(entry.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
