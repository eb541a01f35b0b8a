'use server';

import { callApi } from '@/lib/api-client/action';
import { profileApi } from '@/lib/api-client/profile';
import type { ThemePreference } from '@/lib/schemas/themes';
import { profileSchema } from '@/lib/schemas/user';

/**
 * Saves the user's theme in the profile (`PATCH /profile/`, which validates it), from the user
 * menu or the profile page. Only the theme is sent, so a version that went stale meanwhile (the
 * language changed in another tab) is safe to claim once more on top of the current one.
 */
export async function saveThemeAction(theme: ThemePreference) {
  const patch = (version: number) =>
    callApi(profileApi.path, {
      method: 'PATCH',
      body: { theme },
      headers: { 'if-match': `W/"${version}"` },
      schema: profileSchema,
    });
  const current = await callApi(profileApi.path, { schema: profileSchema });
  if (!current.ok) return current;
  const result = await patch(current.data.version);
  if (result.ok || result.error.statusCode !== 409) return result;
  const latest = profileSchema.safeParse(result.error.current).data;
  return latest ? patch(latest.version) : result;
}
