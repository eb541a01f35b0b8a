'use client';

import { useState, type FormEvent } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { useToast } from '@/components/ui/toast-provider';
import { useLatestRequest } from '@/components/ui/use-latest-request';
import { BROWSER_API, ImportError, importsApi, uploadImport, type ImportTarget } from '@/lib/api-client/imports';
import { hrefs } from '@/lib/hrefs';
import type { ImportReport } from '@/lib/schemas/import';
import { ImportFileForm } from './import-file-form';
import { ImportReportView } from './import-report-view';

/**
 * The account and user imports' page (issue 49): a file (CSV or XLSX) is checked first (dry run);
 * the report lists every issue by line; only a file without errors can be imported, all or nothing,
 * by a second click that sends the same file again for real. The stored report is linked then.
 */
export function ImportUpload({ target }: { target: ImportTarget }) {
  const t = useTranslations('imports');
  const toast = useToast();
  const [file, setFile] = useState<File | null>(null);
  const [inputProblem, setInputProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<{ report: ImportReport; file: File } | null>(null);
  const [done, setDone] = useState<ImportReport | null>(null);

  const failureText = (error: unknown) => {
    if (!(error instanceof ImportError)) return t('failures.other', { status: 0 });
    if (error.statusCode === 413) return t('failures.too_large');
    if (error.statusCode === 403) return t('failures.forbidden');
    if (error.statusCode === 422) return t('failures.invalid', { message: error.apiMessage });
    return t('failures.other', { status: error.statusCode });
  };

  const dryRun = useLatestRequest((input: File, signal) => uploadImport(target, input, true, signal));
  const importing = useLatestRequest((input: File) => uploadImport(target, input, false));

  async function check(event: FormEvent) {
    event.preventDefault();
    importing.reset();
    setDone(null);
    if (!file) return setInputProblem(t('chooseFile'));
    setInputProblem(null);
    const result = await dryRun.run(file);
    if (result?.status === 'success') setChecked({ report: result.data, file });
    else if (result) {
      const error = result.status === 'error' ? result.error : null;
      setChecked(error instanceof ImportError && error.report ? { report: error.report, file } : null);
    }
  }

  async function confirmImport() {
    if (!checked) return;
    const result = await importing.run(checked.file);
    if (result?.status !== 'success') return;
    setDone(result.data);
    toast({ variant: 'success', message: t('imported', { count: result.data.imported }) });
  }

  const report = checked?.report;
  const canImport = report !== undefined && report.errors === 0 && report.valid > 0 && done === null;

  return (
    <section data-testid={`${target}-import`}>
      <p className="text-body-secondary">{t(`${target}.intro`)}</p>
      <p className="text-body-secondary small">{t('formats')}</p>
      <div className="alert alert-info" role="note">
        {t('allOrNothing')}
      </div>
      <p className="small">
        {t('templates')}{' '}
        <a href={`${BROWSER_API}${importsApi.templatePath(target, 'csv')}`} download>
          {t('templateCsv')}
        </a>
        {' · '}
        <a href={`${BROWSER_API}${importsApi.templatePath(target, 'xlsx')}`} download>
          {t('templateXlsx')}
        </a>
      </p>
      <ImportFileForm
        fileLabel={t('file')}
        checkLabel={t('check')}
        checkingLabel={t('checking')}
        isChecking={dryRun.isPending}
        onCheck={check}
        onFile={(chosen) => {
          setFile(chosen);
          setChecked(null);
          setDone(null);
        }}
        problem={inputProblem}
        requests={[dryRun.state, importing.state]}
        failureText={failureText}
      />
      {done ? (
        <div className="alert alert-success" role="status" data-testid="import-done">
          {t('imported', { count: done.imported })}{' '}
          {done.id ? <Link href={hrefs.importReport(done.id)}>{t('openReport')}</Link> : null}
        </div>
      ) : null}
      {report && !done ? (
        <>
          <ImportReportView report={report} title={t('report.title')} />
          {canImport ? (
            <button
              type="button"
              className="btn btn-primary"
              disabled={importing.isPending}
              onClick={() => void confirmImport()}
            >
              {importing.isPending ? t('importing') : t('confirm', { count: report.valid })}
            </button>
          ) : report.errors > 0 ? (
            <p className="text-danger">{t('fixErrors')}</p>
          ) : (
            <p className="text-body-secondary">{t('nothingToImport')}</p>
          )}
        </>
      ) : null}
    </section>
  );
}
