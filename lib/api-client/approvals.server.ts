import 'server-only';
import { cache } from 'react';
import type { ApprovalListQuery } from '@/lib/schemas/approval';
import type { ChangeListQuery } from '@/lib/schemas/change';
import { approvalsApi, changesApi } from './approvals';
import { serverApi } from './server';

/** The approval and history calls pages make; single records are shared per request. */
export const getApproval = cache((id: string) =>
  serverApi(approvalsApi.detailPath(id), { schema: approvalsApi.detailSchema }),
);

export const listApprovals = (query: Partial<ApprovalListQuery>) =>
  serverApi(approvalsApi.listPath(query), { schema: approvalsApi.listSchema });

export const getChange = cache((id: string) =>
  serverApi(changesApi.detailPath(id), { schema: changesApi.detailSchema }),
);

/** A page of the history, e.g. an entity's own (`entityId`) for its Historie tab. */
export const listChanges = (query: Partial<ChangeListQuery>) =>
  serverApi(changesApi.listPath(query), { schema: changesApi.listSchema });
