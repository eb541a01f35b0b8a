import { BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import { MAX_PER_PAGE } from '@/lib/schemas/list-limits';
import type { SelectableRow } from './selection-state';

// The bulk bar applies what this loads; it comes with this module, on the first "select all".
export { selectRows } from './selection-results';

/** "Alle N Treffer auswählen": the ids (and versions) of the list's matches, page by page, up to 1,000. */
export async function loadMatching(matchingPath: string, total: number): Promise<SelectableRow[]> {
  const rows: SelectableRow[] = [];
  const pages = Math.ceil(Math.min(total, BULK_MAX_IDS) / MAX_PER_PAGE);
  const separator = matchingPath.includes('?') ? '&' : '?';
  for (let page = 1; page <= pages; page += 1) {
    const response = await fetch(`/api/ui${matchingPath}${separator}page=${page}&perPage=${MAX_PER_PAGE}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(response.statusText);
    const list = (await response.json()) as { items: { id: string; version?: number }[] };
    rows.push(...list.items.map(({ id, version }) => ({ id, version })));
    if (list.items.length < MAX_PER_PAGE) break;
  }
  return rows;
}
