import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { ImportReportView } from '@/components/import/import-report-view';
import { getImport } from '@/lib/api-client/imports.server';
import { recordId } from '@/lib/api-client/record-id';
import { formatDateTime } from '@/lib/format';
import type { ImportReport } from '@/lib/schemas/import';
import type { WhitelistImportReport } from '@/lib/schemas/whitelist';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('imports.report');
  return { title: t('storedTitle') };
}

/** The whitelist's report in the kit's shape (its issues carry no column and no "exists"). */
function asImportReport(report: ImportReport | WhitelistImportReport): ImportReport {
  if ('kind' in report) return report;
  return {
    id: null,
    kind: 'whitelist',
    format: 'csv',
    dryRun: report.dryRun,
    rows: report.rows,
    valid: report.valid,
    existing: 0,
    duplicates: report.duplicates,
    errors: report.errors,
    imported: report.imported,
    approvals: 0,
    issues: report.issues.map((issue) => ({ ...issue, column: null })),
    issuesTruncated: report.issuesTruncated,
    preview: report.preview.map((row) => ({ line: row.line, label: row.displayValue, detail: row.note })),
  };
}

/** A stored import report (issue 49): what an import's history entry links to. */
export default async function ImportReportPage(props: Props) {
  const id = await recordId(props.params);
  const [stored, t, locale] = await Promise.all([getImport(id), getTranslations('imports.report'), getLocale()]);
  return (
    <>
      <h1 className="h3 mb-1">
        {t('storedTitle')}: {t(`kinds.${stored.kind}`)}
      </h1>
      <p className="text-body-secondary">
        {t('by', { name: stored.actor.name, at: formatDateTime(stored.createdAt, locale) })}
      </p>
      <ImportReportView report={asImportReport(stored.report)} title={t('storedTitle')} />
    </>
  );
}
