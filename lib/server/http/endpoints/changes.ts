import 'server-only';
import { csvLocaleOfRequest } from '../csv-texts';
import * as op from '../operations/changes';
import { route } from '../route';
import { findChanges } from '@/lib/server/services/changes/find-changes';
import { getChange } from '@/lib/server/services/changes/get-change';
import { verifyChanges } from '@/lib/server/services/changes/verify-changes';
import { checkpointChanges } from '@/lib/server/services/changes/checkpoint-changes';
import { exportChanges } from '@/lib/server/services/export/export-changes';

// The history is append-only (SPEC §2): no operation writes it.
export const list = route(op.list, ({ actor, query }) => findChanges(actor, query));

export const verify = route(op.verify, ({ actor }) => verifyChanges(actor));

export const checkpoint = route(op.checkpoint, ({ actor }) => checkpointChanges(actor));

export const get = route(op.get, ({ actor, params }) => getChange(actor, params.id));

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportChanges(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportChanges(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);
