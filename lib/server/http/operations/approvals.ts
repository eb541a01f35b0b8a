import 'server-only';
import { approvalBulkSchema } from '@/lib/schemas/approval';
import { bulkOperation } from '../bulk-operation';
import {
  approvalDecisionSchema,
  approvalExportQuerySchema,
  approvalListQuerySchema,
  approvalListSchema,
  approvalRejectionSchema,
  approvalSchema,
  approvalWithdrawalSchema,
} from '@/lib/schemas/approval';
import { idParamsSchema } from '@/lib/schemas/common';
import { CSV_EXPORT, XLSX_EXPORT, defineOperation } from '../operation';

const tag = 'Approvals';

export const list = defineOperation({
  method: 'GET',
  path: '/approvals',
  summary:
    'Approvals in reach (admin, back office: all; others: their own requests); status defaults to pending (`all` lifts it), filters kind, accountId, requestedBy, mine (true: mine, false: others’), q on the entity label; sorted and paged',
  tag,
  access: 'approvals.read',
  query: approvalListQuerySchema,
  response: approvalListSchema,
});

export const get = defineOperation({
  method: 'GET',
  path: '/approvals/[id]',
  summary:
    'One approval with its diff (field, before = the entity’s value now while pending, after = proposed) and whether the entity is still at the requested version',
  tag,
  access: 'approvals.read',
  params: idParamsSchema,
  response: approvalSchema,
  etag: (approval) => approval.version,
  errors: [404],
});

export const approve = defineOperation({
  method: 'POST',
  path: '/approvals/[id]/approve',
  summary:
    'Approve a pending request (four eyes: the requester, and for a factor reset or an erasure the person concerned, get 403 four_eyes; an administrator’s reset or erasure is decided by an administrator only; a role grant, reset or erasure needs the decider’s step-up, else 403 step_up_required) and apply it in the same transaction; if the entity changed since the request the approval becomes obsolete and nothing is applied. A role grant sends the held invitation',
  tag,
  access: 'approvals.decide',
  params: idParamsSchema,
  body: approvalDecisionSchema,
  response: approvalSchema,
  errors: [404, 409],
});

export const reject = defineOperation({
  method: 'POST',
  path: '/approvals/[id]/reject',
  summary:
    'Reject a pending request with a comment (four eyes and step-up as for approving: the requester, and for a factor reset or an erasure the person concerned, get 403 four_eyes); nothing is applied',
  tag,
  access: 'approvals.decide',
  params: idParamsSchema,
  body: approvalRejectionSchema,
  response: approvalSchema,
  errors: [404, 409],
});

export const withdraw = defineOperation({
  method: 'POST',
  path: '/approvals/[id]/withdraw',
  summary: 'The requester withdraws their own pending request',
  tag,
  access: 'approvals.read',
  params: idParamsSchema,
  body: approvalWithdrawalSchema,
  response: approvalSchema,
  errors: [404, 409],
});

export const exportCsv = defineOperation({
  method: 'GET',
  path: '/export/approvals.csv',
  summary:
    'The approval list as CSV for German Excel (UTF-8 with BOM, `;`, TT.MM.JJJJ), streamed: same filters and sort as GET /approvals, no paging, only approvals in reach',
  tag: 'Export',
  access: 'approvals.read',
  file: CSV_EXPORT,
  query: approvalExportQuerySchema,
});

export const exportXlsx = defineOperation({
  method: 'GET',
  path: '/export/approvals.xlsx',
  summary:
    'The approval list as an Excel workbook (XLSX, one sheet), streamed: the same rows, filters, sort and reach as the CSV; typed cells (dates as dates, numbers as numbers), a frozen bold header with an auto filter, text formula-safe as in the CSV',
  tag: 'Export',
  access: 'approvals.read',
  file: XLSX_EXPORT,
  query: approvalExportQuerySchema,
});

export const bulk = bulkOperation({
  path: '/approvals/bulk',
  tag,
  access: 'approvals.decide',
  body: approvalBulkSchema,
  actions:
    'Approve or reject approvals (four eyes: one’s own request answers forbidden; reject needs a comment, one for all)',
});
