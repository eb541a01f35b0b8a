import 'server-only';
import { changeListSchema, changeSchema } from '@/lib/schemas/change';
import { approvalListSchema, approvalSchema } from '@/lib/schemas/approval';
import { cache } from 'react';
import type { ApprovalListQuery } from '@/lib/schemas/approval';
import type { ChangeListQuery } from '@/lib/schemas/change';
import { approvalsApi, changesApi } from './approvals';
import { serverApi } from './server';

/** The approval and history calls pages make; single records are shared per request. */
export const getApproval = cache((id: string) => serverApi(approvalsApi.detailPath(id), { schema: approvalSchema }));

export const listApprovals = (query: Partial<ApprovalListQuery>) =>
  serverApi(approvalsApi.listPath(query), { schema: approvalListSchema });

export const getChange = cache((id: string) => serverApi(changesApi.detailPath(id), { schema: changeSchema }));

/** A page of the history, e.g. an entity's own (`entityId`) for its Historie tab. */
export const listChanges = (query: Partial<ChangeListQuery>) =>
  serverApi(changesApi.listPath(query), { schema: changeListSchema });
