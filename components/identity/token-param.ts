import type { SearchParamsRecord } from '@/lib/list-params';

/** The `?token=` of a link from a mail; `null` when missing or empty (mail programs sometimes cut links). */
export function tokenParam(searchParams: SearchParamsRecord): string | null {
  const value = searchParams.token;
  const token = (Array.isArray(value) ? value[0] : value)?.trim();
  return token ? token : null;
}
