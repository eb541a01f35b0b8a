'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useToast } from '@/components/ui/toast-provider';
import { useLatestRequest } from '@/components/ui/use-latest-request';
import type { AccountOption } from '@/components/users/account-option';
import { uploadWhitelistCsv, WhitelistImportError } from '@/lib/api-client/whitelist-upload';
import { hrefs } from '@/lib/hrefs';
import type { WhitelistImportReport } from '@/lib/schemas/whitelist';
import { clientOnly } from '@/components/ui/client-only';
import { ImportFileForm } from '@/components/import/import-file-form';

const loadReport = () => import('./whitelist-import-report').then((module) => module.WhitelistImportReportView);
/** Shown only after a dry run: not part of the page's first load (issue 30). */
const WhitelistImportReportView = clientOnly(loadReport);

export interface WhitelistImportProps {
  accounts: readonly AccountOption[];
  defaultAccountId: string | null;
}

type Checked = { report: WhitelistImportReport; file: File; accountId: string };

/**
 * The CSV import (SPEC §4): the file is sent as it is (streamed) for a dry run first; the report
 * lists errors first, then duplicates, each with its line; only a file without errors can be
 * imported, by a second click that sends the same file again for real. Plain fetches (no TanStack
 * Query, and the report's schema only with the first upload): the page's own code stays small
 * (issue 15).
 */
export function WhitelistImport({ accounts, defaultAccountId }: WhitelistImportProps) {
  const t = useTranslations('whitelist');
  const router = useRouter();
  const toast = useToast();
  const id = useId();
  const [accountId, setAccountId] = useState(defaultAccountId ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [inputProblem, setInputProblem] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);

  const failureText = (error: unknown) => {
    if (!(error instanceof WhitelistImportError)) return t('upload.failures.other', { status: 0 });
    if (error.statusCode === 413) return t('upload.failures.too_large');
    if (error.statusCode === 415) return t('upload.failures.unsupported');
    if (error.statusCode === 404) return t('upload.failures.not_found');
    if (error.statusCode === 403) return t('upload.failures.forbidden');
    if (error.statusCode === 422) return t('upload.failures.invalid');
    return t('upload.failures.other', { status: error.statusCode });
  };

  const dryRun = useLatestRequest((input: { file: File; accountId: string }, signal) =>
    uploadWhitelistCsv(input.file, { accountId: input.accountId, dryRun: true }, signal),
  );
  const importing = useLatestRequest((input: Checked) =>
    uploadWhitelistCsv(input.file, { accountId: input.accountId, dryRun: false }),
  );

  async function check(event: FormEvent) {
    event.preventDefault();
    // The report's code loads while the file is checked.
    void loadReport().catch(() => undefined);
    importing.reset();
    if (!accountId) return setInputProblem(t('upload.chooseAccount'));
    if (!file) return setInputProblem(t('upload.chooseFile'));
    setInputProblem(null);
    const input = { file, accountId };
    const result = await dryRun.run(input);
    if (result?.status === 'success') setChecked({ report: result.data, ...input });
    else if (result) setChecked(null);
  }

  async function confirmImport(input: Checked) {
    const result = await importing.run(input);
    if (result?.status !== 'success') return;
    toast({ variant: 'success', message: t('toasts.imported', { count: result.data.imported }) });
    router.push(hrefs.whitelist({ accountId: input.accountId }));
    router.refresh();
  }

  const report = checked?.report;
  const canImport = report !== undefined && report.errors === 0 && report.valid > 0;

  return (
    <section aria-labelledby={`${id}-title`} data-testid="whitelist-import">
      <h2 id={`${id}-title`} className="h5">
        {t('upload.title')}
      </h2>
      <p className="text-body-secondary">{t('upload.intro')}</p>
      <ImportFileForm
        fileLabel={t('upload.file')}
        checkLabel={t('upload.check')}
        checkingLabel={t('upload.checking')}
        isChecking={dryRun.isPending}
        onCheck={check}
        onFile={(chosen) => {
          setFile(chosen);
          setChecked(null);
        }}
        columns={{ file: 'col-md-5', button: 'col-md-2' }}
        problem={inputProblem}
        requests={[dryRun.state, importing.state]}
        failureText={failureText}
      >
        <div className="col-md-5">
          <label htmlFor={`${id}-account`} className="form-label">
            {t('fields.account')} <span aria-hidden="true">*</span>
          </label>
          <select
            id={`${id}-account`}
            className="form-select"
            value={accountId}
            aria-required
            onChange={(event) => {
              setAccountId(event.target.value);
              setChecked(null);
            }}
          >
            <option value="">{t('form.chooseAccount')}</option>
            {accounts.map((account) => (
              <option key={account.id} value={account.id}>
                {account.name}
              </option>
            ))}
          </select>
        </div>
      </ImportFileForm>

      {report && checked ? (
        <WhitelistImportReportView
          report={report}
          canImport={canImport}
          isImporting={importing.isPending}
          isImported={importing.state.status === 'success'}
          onConfirm={() => void confirmImport(checked)}
        />
      ) : null}
    </section>
  );
}
