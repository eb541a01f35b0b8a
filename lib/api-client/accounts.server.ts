import 'server-only';
import { accountDistributorsSchema, accountListSchema, accountSchema } from '@/lib/schemas/account';
import { cache } from 'react';
import type { AccountListQuery } from '@/lib/schemas/account';
import { accountsApi } from './accounts';
import { serverApi } from './server';

/**
 * The account calls pages make. `getAccount` is cached per request, so `generateMetadata` and the
 * page (and any component below) share one API call.
 */
export const getAccount = cache((id: string) => serverApi(accountsApi.detailPath(id), { schema: accountSchema }));

export const listAccounts = (query: Partial<AccountListQuery>) =>
  serverApi(accountsApi.listPath(query), { schema: accountListSchema });

/** The account and every account below it. */
export const getAccountTree = cache((id: string) => serverApi(accountsApi.treePath(id), { schema: accountListSchema }));

/** The distributors an admin or the back office may pick for a top-level account. */
export const listDistributors = cache(() =>
  serverApi(accountsApi.distributorsPath, { schema: accountDistributorsSchema }),
);
