import 'server-only';
import { asOfQuerySchema, asOfViewSchema } from '@/lib/schemas/as-of';
import { z } from '@/lib/schemas/zod';
import { accountBulkSchema } from '@/lib/schemas/account';
import { bulkOperation } from '../bulk-operation';
import {
  MAX_TREE_ROWS,
  accountChildrenQuerySchema,
  accountCreateSchema,
  accountDistributorsSchema,
  accountListQuerySchema,
  accountListSchema,
  accountSchema,
  accountUpdateResultSchema,
  accountUpdateSchema,
  approvalRefSchema,
  approvalRequestInputSchema,
} from '@/lib/schemas/account';
import { idParamsSchema } from '@/lib/schemas/common';
import { defineOperation } from '../operation';

const tag = 'Accounts';

export const list = defineOperation({
  method: 'GET',
  path: '/accounts',
  summary:
    'Accounts in reach, filtered, sorted and paged; view=distributor groups by distributor (none last), view=manager lists one row per manager and account of their tree',
  tag,
  access: 'accounts.read',
  query: accountListQuerySchema,
  response: accountListSchema,
});

export const distributors = defineOperation({
  method: 'GET',
  path: '/accounts/distributors',
  summary:
    'Distributors for the list filter and the create form: all assignable ones for admin and back office, otherwise those of the accounts in reach',
  tag,
  access: 'accounts.read',
  response: accountDistributorsSchema,
});

export const create = defineOperation({
  method: 'POST',
  path: '/accounts',
  summary:
    'New account as a draft: top level, or with parentId a sub-account (inherits the distributor; at most 5 levels); answers the record with its ETag',
  tag,
  access: 'accounts.write',
  body: accountCreateSchema,
  response: accountSchema,
  etag: (account) => account.version,
  location: (account) => `/accounts/${account.id}`,
  successStatus: 201,
  errors: [404],
});

export const get = defineOperation({
  method: 'GET',
  path: '/accounts/[id]',
  summary:
    'One account with its parent, distributor, number of children and pending approvals; ETag = version; with asOf the record as of that moment, rebuilt from the history (AsOfView: fields changed since, whether its entries verify; 422 before it existed)',
  tag,
  access: 'accounts.read',
  params: idParamsSchema,
  query: asOfQuerySchema,
  response: z.union([accountSchema, asOfViewSchema]),
  etag: (answer) => ('version' in answer ? answer.version : undefined),
  errors: [404, 422],
});

export const update = defineOperation({
  method: 'PATCH',
  path: '/accounts/[id]',
  summary:
    'Change master data; needs If-Match (or version). On an active account a benefit change becomes a pending approval instead (answered as `approval`)',
  tag,
  access: 'accounts.write',
  params: idParamsSchema,
  body: accountUpdateSchema,
  response: accountUpdateResultSchema,
  etag: (result) => result.account.version,
  ifMatch: 'required',
  errors: [403, 404, 409, 428],
});

export const children = defineOperation({
  method: 'GET',
  path: '/accounts/[id]/children',
  summary: `Sub-accounts: depth=1 the direct children by name, paged; depth=all every descendant breadth-first (depth, then name), at most ${MAX_TREE_ROWS}, total = all of them`,
  tag,
  access: 'accounts.read',
  params: idParamsSchema,
  query: accountChildrenQuerySchema,
  response: accountListSchema,
  errors: [404],
});

export const suspend = defineOperation({
  method: 'POST',
  path: '/accounts/[id]/suspend',
  summary: 'Admin and back office: active → suspended, with every active descendant',
  tag,
  access: 'accounts.write',
  params: idParamsSchema,
  response: accountSchema,
  etag: (account) => account.version,
  errors: [404],
});

export const resume = defineOperation({
  method: 'POST',
  path: '/accounts/[id]/resume',
  summary: 'Admin and back office: suspended → active, only under an active parent (descendants stay suspended)',
  tag,
  access: 'accounts.write',
  params: idParamsSchema,
  response: accountSchema,
  etag: (account) => account.version,
  errors: [404],
});

export const requestActivation = defineOperation({
  method: 'POST',
  path: '/accounts/[id]/activation',
  summary: 'Request draft → active: files a pending account_activation approval (a sub-account needs an active parent)',
  tag,
  access: 'accounts.write',
  params: idParamsSchema,
  body: approvalRequestInputSchema,
  response: approvalRefSchema,
  location: (approval) => `/approvals/${approval.id}`,
  successStatus: 201,
  errors: [404, 409],
});

export const requestArchive = defineOperation({
  method: 'POST',
  path: '/accounts/[id]/archive',
  summary: 'Request archiving an active or suspended account: files a pending account_archive approval',
  tag,
  access: 'accounts.write',
  params: idParamsSchema,
  body: approvalRequestInputSchema,
  response: approvalRefSchema,
  location: (approval) => `/approvals/${approval.id}`,
  successStatus: 201,
  errors: [404, 409],
});

export const bulk = bulkOperation({
  path: '/accounts/bulk',
  tag,
  access: 'accounts.write',
  body: accountBulkSchema,
  actions: 'Request the archive of accounts, each as its own approval',
});
