'use server';

import { callApi } from '@/lib/api-client/action';
import { approvalsApi } from '@/lib/api-client/approvals';
import { approvalSchema } from '@/lib/schemas/approval';

/** Decisions on an approval: each is one call to the benefits API with the session's token. */
export async function decideApprovalAction(id: string, action: 'approve' | 'reject' | 'withdraw', comment: string) {
  return callApi(approvalsApi.actionPath(id, action), { method: 'POST', body: { comment }, schema: approvalSchema });
}
