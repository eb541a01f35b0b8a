import 'server-only';
import { runBulk } from '@/lib/server/services/bulk/run-bulk';
import { csvLocaleOfRequest } from '../csv-texts';
import * as op from '../operations/approvals';
import { route } from '../route';
import { approveApproval } from '@/lib/server/services/approvals/approve-approval';
import { findApprovals } from '@/lib/server/services/approvals/find-approvals';
import { getApproval } from '@/lib/server/services/approvals/get-approval';
import { rejectApproval } from '@/lib/server/services/approvals/reject-approval';
import { withdrawApproval } from '@/lib/server/services/approvals/withdraw-approval';
import { exportApprovals } from '@/lib/server/services/export/export-approvals';

export const list = route(op.list, ({ actor, query }) => findApprovals(actor, query));

export const get = route(op.get, ({ actor, params }) => getApproval(actor, params.id));

export const approve = route(op.approve, ({ actor, params, body }) => approveApproval(actor, params.id, body));

export const reject = route(op.reject, ({ actor, params, body }) => rejectApproval(actor, params.id, body));

export const withdraw = route(op.withdraw, ({ actor, params, body }) => withdrawApproval(actor, params.id, body));

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportApprovals(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportApprovals(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);

/** Each approval through the single decision (four eyes, obsolete, locking), with one comment for all. */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, (id) =>
    body.action === 'approve'
      ? approveApproval(actor, id, { comment: body.comment })
      : rejectApproval(actor, id, { comment: body.comment }),
  ),
);
