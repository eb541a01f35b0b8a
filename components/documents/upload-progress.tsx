'use client';

import { useTranslations } from 'next-intl';

/** The upload's progress bar, 0 to 100 (SPEC §6); at 100 the server still checks the file. */
export function UploadProgress({ percent }: { percent: number }) {
  const t = useTranslations('documents.progress');
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="mb-3" data-testid="upload-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={t('label')}
        aria-valuenow={value}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuetext={t('value', { percent: value })}
      >
        <div className="progress-bar progress-bar-striped progress-bar-animated" style={{ width: `${value}%` }}>
          {value} %
        </div>
      </div>
      <p className="small text-body-secondary mt-1 mb-0" aria-live="polite">
        {value < 100 ? t('value', { percent: value }) : t('checking')}
      </p>
    </div>
  );
}
