'use client';

import { useSyncExternalStore, useTransition } from 'react';
import type { ActionError } from '@/lib/api-client/action';
import type { ThemePreference } from '@/lib/schemas/themes';
import type { Profile } from '@/lib/schemas/user';
import { readThemeChoice, showThemeChoice, subscribeToThemeChoice } from './theme';
import { saveThemeAction } from './theme-actions';

/**
 * The theme choice of the user menu and the profile page: both read it from `<html>`, so they
 * always agree. A new choice shows at once and is saved in the profile; should saving fail, the
 * previous choice comes back and `onFailed` says so.
 */
export function useThemeChoice(
  initial: ThemePreference,
  { onSaved, onFailed }: { onSaved?: (profile: Profile) => void; onFailed: (error: ActionError) => void },
) {
  const choice = useSyncExternalStore(subscribeToThemeChoice, readThemeChoice, () => initial);
  const [isSaving, startSaving] = useTransition();

  const choose = (next: ThemePreference) => {
    if (next === choice) return;
    const previous = choice;
    showThemeChoice(next);
    startSaving(async () => {
      const result = await saveThemeAction(next);
      if (result.ok) {
        onSaved?.(result.data);
        return;
      }
      showThemeChoice(previous);
      onFailed(result.error);
    });
  };
  return { choice, choose, isSaving };
}
