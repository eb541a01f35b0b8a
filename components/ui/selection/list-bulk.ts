import type { ListParams } from '@/lib/list-params';
import type { BulkActionDescriptor, ListBulk } from './bulk-action';

/**
 * A list's bulk part from its state: the selection belongs to the list and its filters (a new
 * search or filter empties it; page and sort do not), "select all" reads the same filters.
 */
export function listBulk<Q extends { page?: unknown; perPage?: unknown }>(input: {
  listKey: string;
  params: Pick<ListParams, 'q' | 'filters'>;
  /** The resource's API paths (`lib/api-client/<resource>.ts`). */
  api: { bulkPath: string; listPath: (query: Q) => string };
  /** The list's API query: "select all N matching" reads it without its page, page by page. */
  query: Q;
  actions: readonly BulkActionDescriptor[];
}): ListBulk | undefined {
  if (input.actions.length === 0) return undefined;
  return {
    listKey: input.listKey,
    filterKey: JSON.stringify({ q: input.params.q, filters: input.params.filters }),
    bulkPath: input.api.bulkPath,
    matchingPath: input.api.listPath({ ...input.query, page: undefined, perPage: undefined }),
    actions: input.actions,
  };
}
