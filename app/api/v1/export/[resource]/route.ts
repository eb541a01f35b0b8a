import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/server/http/api-error';
import * as op from '@/lib/server/http/operations/export';
import * as approvalOp from '@/lib/server/http/operations/approvals';
import * as changeOp from '@/lib/server/http/operations/changes';
import * as taskOp from '@/lib/server/http/operations/tasks';
import * as documentOp from '@/lib/server/http/operations/documents';
import * as userOp from '@/lib/server/http/operations/users';
import * as whitelistOp from '@/lib/server/http/operations/whitelist';
import { errorResponse, route } from '@/lib/server/http/route';
import { exportAccountsCsv } from '@/lib/server/services/export/export-accounts';
import { exportApprovalsCsv } from '@/lib/server/services/export/export-approvals';
import { exportChangesCsv } from '@/lib/server/services/export/export-changes';
import { exportTasksCsv } from '@/lib/server/services/export/export-tasks';
import { exportDocumentsCsv } from '@/lib/server/services/export/export-documents';
import { exportUsersCsv } from '@/lib/server/services/export/export-users';
import { exportWhitelistCsv } from '@/lib/server/services/export/export-whitelist';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { csvLocaleOf } from '@/lib/server/http/csv-texts';

/** `GET /export/{resource}.csv`: one streamed CSV export per resource, each with its list's filters. */
const exporters: Record<string, ReturnType<typeof route>> = {
  'accounts.csv': route(op.accountsCsv, ({ actor, query, req }) =>
    Promise.resolve(exportAccountsCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'users.csv': route(userOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportUsersCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'approvals.csv': route(approvalOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportApprovalsCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'changes.csv': route(changeOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportChangesCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'whitelist.csv': route(whitelistOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportWhitelistCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'tasks.csv': route(taskOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportTasksCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
  'documents.csv': route(documentOp.exportCsv, ({ actor, query, req }) =>
    Promise.resolve(exportDocumentsCsv(actor, query, csvLocaleOf(req.headers.get('accept-language'), actor.locale))),
  ),
};

export async function GET(req: NextRequest, context: { params: Promise<{ resource: string }> }) {
  const { resource } = await context.params;
  const exporter = Object.hasOwn(exporters, resource) ? exporters[resource] : undefined;
  if (!exporter) return errorResponse(new ApiError('not_found', 'Diesen Export gibt es nicht.'));
  return exporter(req, context);
}

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
