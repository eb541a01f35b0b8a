'use client';

import { useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { LOCALES } from '@/lib/schemas/locales';
import { setLocaleAction } from '@/lib/i18n/set-locale-action';

export function LanguageSwitch({ className }: { className?: string }) {
  const t = useTranslations('common');
  const locale = useLocale();
  const router = useRouter();
  const [isPending, startTransition] = useTransition();
  return (
    <select
      className={`form-select form-select-sm w-auto ${className ?? ''}`}
      aria-label={t('language')}
      value={locale}
      disabled={isPending}
      onChange={(event) => {
        const next = event.target.value;
        startTransition(async () => {
          await setLocaleAction(next);
          router.refresh();
        });
      }}
      data-testid="language-switch"
    >
      {LOCALES.map((code) => (
        <option key={code} value={code} lang={code}>
          {t(`languages.${code}`)}
        </option>
      ))}
    </select>
  );
}
