import { useTranslations } from 'next-intl';
import type { ImportReport } from '@/lib/schemas/import';

/**
 * An import's report (issue 49): the counts, the issues by line (errors, duplicates, existing rows)
 * and a preview of the new rows. Rendered after a dry run and on a stored report's page.
 */
export function ImportReportView({ report, title }: { report: ImportReport; title: string }) {
  const t = useTranslations('imports.report');
  const counts: [string, number][] = [
    [t('rows'), report.rows],
    [report.dryRun ? t('valid') : t('imported'), report.dryRun ? report.valid : report.imported],
    [t('existing'), report.existing],
    [t('duplicates'), report.duplicates],
    [t('errors'), report.errors],
  ];
  if (report.kind === 'users') counts.push([t('approvals'), report.approvals]);
  return (
    <section aria-label={title} data-testid="import-report" className="mb-4">
      <h2 className="h5">{title}</h2>
      {report.dryRun ? <p className="text-body-secondary">{t('dryRun')}</p> : null}
      <dl className="row mb-3" data-testid="import-counts">
        {counts.map(([label, value]) => (
          <div key={label} className="col-6 col-md-2">
            <dt className="small text-body-secondary">{label}</dt>
            <dd className="fs-5 mb-0">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      {report.issues.length > 0 ? (
        <div className="table-responsive mb-3">
          <table className="table table-sm align-middle">
            <caption className="caption-top">{t('issues')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('line')}</th>
                <th scope="col">{t('severity')}</th>
                <th scope="col">{t('column')}</th>
                <th scope="col">{t('code')}</th>
                <th scope="col">{t('value')}</th>
              </tr>
            </thead>
            <tbody>
              {report.issues.map((issue, index) => (
                <tr key={`${issue.line}-${index}`} data-severity={issue.severity}>
                  <td>{issue.line}</td>
                  <td>
                    <span
                      className={`badge ${issue.severity === 'error' ? 'text-bg-danger' : issue.severity === 'exists' ? 'text-bg-secondary' : 'text-bg-warning'}`}
                    >
                      {t(`severities.${issue.severity}`)}
                    </span>
                  </td>
                  <td>{issue.column ?? ''}</td>
                  <td>
                    <code>{issue.code}</code>
                    {issue.firstLine !== null ? ` (${t('firstLine', { line: issue.firstLine })})` : null}
                  </td>
                  <td className="text-break">{issue.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.issuesTruncated ? <p className="small text-body-secondary">{t('truncated')}</p> : null}
        </div>
      ) : null}
      {report.preview.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm">
            <caption className="caption-top">{t('preview')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('line')}</th>
                <th scope="col">{t('label')}</th>
                <th scope="col">{t('detail')}</th>
              </tr>
            </thead>
            <tbody>
              {report.preview.map((row) => (
                <tr key={row.line}>
                  <td>{row.line}</td>
                  <td>{row.label}</td>
                  <td>{row.detail}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </section>
  );
}
