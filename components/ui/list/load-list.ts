import 'server-only';
import type { Metadata } from 'next';
import { getLocale, getTranslations } from 'next-intl/server';
import { getMe } from '@/lib/api-client/server';
import type { FormatLocale } from '@/lib/format';
import { parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import type { ListContext, ListDescriptor } from './list-descriptor';

/**
 * A list page's data from its descriptor: the URL's state (invalid values ignored), the API's
 * query, and the list, the user, the translations and the filter options fetched in parallel.
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
  const me = await getMe();
  const query = descriptor.query(params, me, raw);
  const [list, options, t, tRoot, locale] = await Promise.all([
    descriptor.load(query),
    descriptor.loadOptions ? descriptor.loadOptions(me) : (undefined as Options),
    descriptor.translate(),
    getTranslations(),
    getLocale(),
  ]);
  return { me, params, query, list, options, t, tRoot, locale: locale as FormatLocale };
}

/** The list page's title (`<namespace>.title`). */
export async function listMetadata(namespace: string): Promise<Metadata> {
  const t = await getTranslations();
  return { title: t(`${namespace}.title` as Parameters<typeof t>[0]) };
}
