import { useTranslations } from 'next-intl';

/** "Mit * markierte Felder sind Pflichtfelder." — above a form that marks required fields. */
export function RequiredHint({ className }: { className?: string }) {
  const t = useTranslations('form');
  return <p className={`form-text mt-0 ${className ?? 'mb-3'}`}>{t('requiredHint')}</p>;
}
