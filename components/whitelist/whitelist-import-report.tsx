'use client';

import { useTranslations } from 'next-intl';
import type { WhitelistImportReport } from '@/lib/schemas/whitelist';

export interface WhitelistImportReportProps {
  report: WhitelistImportReport;
  /** No errors and something new: the import button shows. */
  canImport: boolean;
  isImporting: boolean;
  isImported: boolean;
  onConfirm: () => void;
}

/** The dry run's report of the CSV import: the summary, the problems by line, a preview and the import button. */
export function WhitelistImportReportView({
  report,
  canImport,
  isImporting,
  isImported,
  onConfirm,
}: WhitelistImportReportProps) {
  const t = useTranslations('whitelist');
  return (
    <div data-testid="import-report">
      <h3 className="h6">{t('upload.reportTitle')}</h3>
      <p role="status" data-testid="import-summary">
        {t('upload.summary', {
          rows: report.rows,
          valid: report.valid,
          duplicates: report.duplicates,
          errors: report.errors,
        })}
      </p>
      {report.errors > 0 ? (
        <div className="alert alert-danger">{t('upload.hasErrors')}</div>
      ) : report.valid === 0 ? (
        <div className="alert alert-secondary">{t('upload.nothingNew')}</div>
      ) : (
        <div className="alert alert-success">{t('upload.ready')}</div>
      )}
      {report.issues.length > 0 ? (
        <div className="table-responsive mb-3">
          <table className="table table-sm align-middle" data-testid="import-issues">
            <caption className="visually-hidden">{t('upload.reportTitle')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('upload.columns.line')}</th>
                <th scope="col">{t('upload.columns.severity')}</th>
                <th scope="col">{t('upload.columns.problem')}</th>
                <th scope="col">{t('upload.columns.value')}</th>
              </tr>
            </thead>
            <tbody>
              {report.issues.map((issue) => (
                <tr key={`${issue.line}-${issue.code}`} className={issue.severity === 'error' ? 'table-danger' : ''}>
                  <th scope="row">{issue.line}</th>
                  <td>{t(`upload.severity.${issue.severity}`)}</td>
                  <td>{t(`upload.issues.${issue.code}`, { firstLine: issue.firstLine ?? 0 })}</td>
                  <td className="text-break">{issue.value}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.issuesTruncated ? <p className="small text-body-secondary">{t('upload.truncated')}</p> : null}
        </div>
      ) : null}
      {canImport && report.preview.length > 0 ? (
        <div className="table-responsive mb-3">
          <table className="table table-sm" data-testid="import-preview">
            <caption className="caption-top">{t('upload.preview')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('upload.columns.line')}</th>
                <th scope="col">{t('columns.value')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.note')}</th>
                <th scope="col">{t('columns.validUntil')}</th>
              </tr>
            </thead>
            <tbody>
              {report.preview.map((row) => (
                <tr key={row.line}>
                  <th scope="row">{row.line}</th>
                  <td className="text-break">{row.displayValue}</td>
                  <td>{t(`kinds.${row.kind}`)}</td>
                  <td className="text-break">{row.note}</td>
                  <td>{row.validUntil ?? t('unlimited')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {canImport ? (
        <button type="button" className="btn btn-primary" disabled={isImporting || isImported} onClick={onConfirm}>
          {isImporting ? t('upload.importing') : t('upload.confirm', { count: report.valid })}
        </button>
      ) : null}
    </div>
  );
}
