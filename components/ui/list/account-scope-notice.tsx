import { listHref } from '@/lib/list-params';
import { ListScopeNotice } from '../list-page';
import type { ListContext, ListDescriptor } from './list-descriptor';

interface AccountRow {
  accountId: string | null;
  accountName?: string | null;
}

/**
 * "Only the entries of <account>" above a list that `?accountId=` (an account's tab) narrowed, with
 * the way back to the whole list (`<namespace>.filters.accountOnly|accountOnlyUnknown|clearAccount`).
 */
export function AccountScopeNotice<Row extends AccountRow, Query, Translate, Options>({
  descriptor,
  context,
}: {
  descriptor: ListDescriptor<Row, Query, Translate, Options>;
  context: ListContext<Row, Query, Translate, Options>;
}) {
  const { params, list, tRoot } = context;
  const accountId = params.filters.accountId;
  if (!accountId) return null;
  const name = list.items.find((row) => row.accountId === accountId)?.accountName;
  const key = (suffix: string) => `${descriptor.namespace}.filters.${suffix}` as Parameters<typeof tRoot>[0];
  return (
    <ListScopeNotice
      testId="account-filter"
      clearHref={listHref(descriptor.path, params, { filters: { accountId: null } })}
      clearLabel={tRoot(key('clearAccount'))}
    >
      {name ? tRoot(key('accountOnly'), { name }) : tRoot(key('accountOnlyUnknown'))}
    </ListScopeNotice>
  );
}
