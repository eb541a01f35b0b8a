import 'server-only';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { redirect } from 'next/navigation';
import { getListColumns, listSavedViews } from '@/lib/api-client/saved-views.server';
import { getMe } from '@/lib/api-client/server';
import type { FormatLocale } from '@/lib/format';
import {
  listHref,
  opensDefaultView,
  parseListParams,
  splitHidden,
  viewHref,
  type SearchParamsRecord,
} from '@/lib/list-params';
import type { ListKey } from '@/lib/schemas/saved-view';
import { uuidSchema } from '@/lib/schemas/common';
import { ApiRequestError } from '@/lib/api-client/http';
import type { ListContext, ListDescriptor, ListPageData } from './list-descriptor';

/**
 * A list page's data from its descriptor: the URL's state (invalid values ignored), the API's
 * query, and the list, the user, the translations and the filter options fetched in parallel.
 * Opened without any query parameter, the list goes to the user's default view, if they have one
 * (issue 27); the hidden columns are the URL's (`hide`) or else the user's stored choice.
 */
export async function loadList<Row, Query, Translate, Options>(
  descriptor: ListDescriptor<Row, Query, Translate, Options>,
  searchParams: Promise<SearchParamsRecord>,
): Promise<ListContext<Row, Query, Translate, Options>> {
  const raw = await searchParams;
  const params = parseListParams(raw, {
    sortFields: descriptor.sortFields,
    defaultSort: descriptor.defaultSort,
    defaultOrder: descriptor.defaultOrder,
    filters: descriptor.filters,
    filterValues: descriptor.filterValues,
  });
  for (const name of descriptor.idFilters ?? []) {
    if (params.filters[name] && !uuidSchema.safeParse(params.filters[name]).success) delete params.filters[name];
  }
  const listKey = descriptor.id as ListKey;
  const [me, { items: views }, stored] = await Promise.all([
    getMe(),
    listSavedViews(listKey),
    descriptor.nameColumn ? getListColumns(listKey) : { hidden: [] },
  ]);
  const defaultView = opensDefaultView(raw) ? views.find((view) => view.isDefault) : undefined;
  if (defaultView) redirect(viewHref(descriptor.path, defaultView.query));
  // Only the list's own column keys count; ListView drops others (it knows the columns).
  const hidden = params.hide !== undefined ? splitHidden(params.hide) : stored.hidden;
  const query = descriptor.query(params, me, raw);
  const [{ list, refused }, options, t, tRoot, locale] = await Promise.all([
    loadOrRefused(descriptor, query, params.perPage),
    descriptor.loadOptions ? descriptor.loadOptions(me) : (undefined as Options),
    descriptor.translate(),
    getTranslations(),
    getLocale(),
  ]);
  // A page past the end (its rows went meanwhile: a bulk action, someone else's change) shows the
  // last page that has rows rather than "nothing found". Not the history (keyset-paged, `nextCursor`)
  // nor a list whose count stopped early: their last page is unknown.
  const isOpenEnded = list.nextCursor !== undefined || list.totalIsLowerBound;
  if (!isOpenEnded && list.items.length === 0 && list.total > 0 && params.page > 1) {
    const lastPage = Math.max(1, Math.ceil(list.total / list.perPage));
    if (lastPage < params.page) redirect(listHref(descriptor.path, params, { page: lastPage }));
  }
  return { me, params, query, list, refused, options, t, tRoot, locale: locale as FormatLocale, views, hidden };
}

/**
 * The list, or none when the API refuses the URL's query (a search with a control character, a
 * day in year 0, a page too deep): the page then says so (`refused`) instead of failing.
 */
async function loadOrRefused<Row, Query>(
  descriptor: Pick<ListDescriptor<Row, Query, unknown, unknown>, 'load'>,
  query: Partial<Query>,
  perPage: number,
): Promise<{ list: ListPageData<Row>; refused: boolean }> {
  try {
    return { list: await descriptor.load(query), refused: false };
  } catch (error) {
    if (!(error instanceof ApiRequestError) || (error.statusCode !== 400 && error.statusCode !== 422)) throw error;
    return { list: { items: [], total: 0, page: 1, perPage }, refused: true };
  }
}

/** The list page's title (`<namespace>.title`). */
export async function listMetadata(namespace: string): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t(`${namespace}.title` as Parameters<typeof t>[0]) };
}
