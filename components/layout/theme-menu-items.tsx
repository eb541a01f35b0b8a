'use client';

import { useId } from 'react';
import { useTranslations } from 'next-intl';
import { useToast } from '@/components/ui/toast-provider';
import { THEMES, type ThemePreference } from '@/lib/schemas/themes';
import { useThemeChoice } from './use-theme-choice';

/** Hell / Dunkel / System in the user menu: a choice shows at once and is saved in the profile. */
export function ThemeMenuItems({ initial }: { initial: ThemePreference }) {
  const t = useTranslations('common.themes');
  const tNav = useTranslations('nav.theme');
  const showToast = useToast();
  const headingId = useId();
  const { choice, choose } = useThemeChoice(initial, {
    onFailed: () => showToast({ variant: 'danger', message: tNav('failed') }),
  });
  return (
    <div role="group" aria-labelledby={headingId} data-testid="theme-menu">
      {/* Bootstrap's header grey lacks contrast in the dark menu; the muted text colour has it. */}
      <div id={headingId} className="dropdown-header text-body-secondary">
        {t('title')}
      </div>
      {THEMES.map((option) => (
        <button
          key={option}
          type="button"
          className={`dropdown-item${choice === option ? ' active' : ''}`}
          aria-pressed={choice === option}
          onClick={() => choose(option)}
          data-theme-option={option}
        >
          {t(option)}
        </button>
      ))}
    </div>
  );
}
