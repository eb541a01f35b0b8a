import type { ListParams } from '@/lib/list-params';
import type { BulkActionDescriptor, ListBulk } from './bulk-action';

/**
 * A list's bulk part from its state: the selection belongs to the list and its filters (a new
 * search or filter empties it; page and sort do not), "select all" reads the same filters.
 */
export function listBulk(input: {
  listKey: string;
  params: Pick<ListParams, 'q' | 'filters'>;
  bulkPath: string;
  /** The API list path of these filters and sort, without page and perPage. */
  matchingPath: string;
  actions: readonly BulkActionDescriptor[];
}): ListBulk | undefined {
  if (input.actions.length === 0) return undefined;
  return {
    listKey: input.listKey,
    filterKey: JSON.stringify({ q: input.params.q, filters: input.params.filters }),
    bulkPath: input.bulkPath,
    matchingPath: input.matchingPath,
    actions: input.actions,
  };
}

/** The query of a list without its page: what "select all N matching" reads page by page. */
export function withoutPage<Q extends { page?: unknown; perPage?: unknown }>(query: Q): Omit<Q, 'page' | 'perPage'> {
  const { page: _page, perPage: _perPage, ...rest } = query;
  return rest;
}
