import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineListWithOwnTable } from '@/components/ui/list/list-descriptor';
import { changesApi } from '@/lib/api-client/approvals';
import { listChanges } from '@/lib/api-client/approvals.server';
import { hrefs } from '@/lib/hrefs';
import { CHANGE_ACTIONS, CHANGE_ENTITY_TYPES, maxChangePage, type ChangeListQuery } from '@/lib/schemas/change';
import { calendarDay } from '@/lib/schemas/calendar-day';
import { uuidSchema } from '@/lib/schemas/common';

const day = calendarDay();

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The change history in reach, newest first. "Weiter" carries the keyset cursor (`after`), so
 * paging on stays as fast deep down as on page 1; a typed page number beyond the counted rows has
 * no cursor and shows the deepest page it reaches. Its table is `ChangeTable` (shared with the
 * Historie tabs), so the list has no columns here.
 */
export const changeList = defineListWithOwnTable({
  id: 'changes',
  path: hrefs.changes(),
  namespace: 'history',
  translate: () => getTranslations('history'),
  sortFields: ['at'],
  defaultSort: 'at',
  defaultOrder: 'desc',
  filters: ['entityType', 'action', 'actorId', 'accountId', 'entityId', 'from', 'to'],
  filterValues: { entityType: CHANGE_ENTITY_TYPES, action: CHANGE_ACTIONS },
  idFilters: ['actorId', 'accountId', 'entityId'],
  query: (params, _me, searchParams): Partial<ChangeListQuery> => {
    // Hand-edited days would be refused by the API (422); the list ignores them instead.
    for (const name of ['from', 'to'] as const) {
      if (params.filters[name] && !day.safeParse(params.filters[name]).success) delete params.filters[name];
    }
    const afterValue = first(searchParams.after);
    const after = afterValue && uuidSchema.safeParse(afterValue).success ? afterValue : undefined;
    if (!after) params.page = Math.min(params.page, maxChangePage(params.perPage));
    const { from, to } = params.filters;
    return {
      page: params.page,
      perPage: params.perPage,
      order: params.order,
      q: params.q || undefined,
      entityType: params.filters.entityType as ChangeListQuery['entityType'],
      action: params.filters.action as ChangeListQuery['action'],
      actorId: params.filters.actorId,
      accountId: params.filters.accountId,
      entityId: params.filters.entityId,
      from: from && to && from > to ? to : from,
      to: from && to && from > to ? from : to,
      after,
    };
  },
  load: listChanges,
  api: changesApi,
  toolbarFilters: ({ t }) => [
    {
      name: 'entityType',
      label: t('filters.entityType'),
      allLabel: t('filters.allEntityTypes'),
      options: CHANGE_ENTITY_TYPES.map((type) => [type, t(`entityType.${type}`)] as const),
    },
    {
      name: 'action',
      label: t('filters.action'),
      allLabel: t('filters.allActions'),
      options: CHANGE_ACTIONS.map((action) => [action, t(`action.${action}`)] as const),
    },
  ],
});
