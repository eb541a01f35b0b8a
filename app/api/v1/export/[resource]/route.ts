import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/server/http/api-error';
import * as op from '@/lib/server/http/operations/export';
import * as approvalOp from '@/lib/server/http/operations/approvals';
import * as changeOp from '@/lib/server/http/operations/changes';
import * as documentOp from '@/lib/server/http/operations/documents';
import * as userOp from '@/lib/server/http/operations/users';
import { errorResponse, route } from '@/lib/server/http/route';
import { exportAccountsCsv } from '@/lib/server/services/export/export-accounts';
import { exportApprovalsCsv } from '@/lib/server/services/export/export-approvals';
import { exportChangesCsv } from '@/lib/server/services/export/export-changes';
import { exportDocumentsCsv } from '@/lib/server/services/export/export-documents';
import { exportUsersCsv } from '@/lib/server/services/export/export-users';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

/** `GET /export/{resource}.csv`: one streamed CSV export per resource, each with its list's filters. */
const exporters: Record<string, ReturnType<typeof route>> = {
  'accounts.csv': route(op.accountsCsv, ({ actor, query }) => Promise.resolve(exportAccountsCsv(actor, query))),
  'users.csv': route(userOp.exportCsv, ({ actor, query }) => Promise.resolve(exportUsersCsv(actor, query))),
  'approvals.csv': route(approvalOp.exportCsv, ({ actor, query }) => Promise.resolve(exportApprovalsCsv(actor, query))),
  'changes.csv': route(changeOp.exportCsv, ({ actor, query }) => Promise.resolve(exportChangesCsv(actor, query))),
  'documents.csv': route(documentOp.exportCsv, ({ actor, query }) => Promise.resolve(exportDocumentsCsv(actor, query))),
};

export async function GET(req: NextRequest, context: { params: Promise<{ resource: string }> }) {
  const { resource } = await context.params;
  const exporter = Object.hasOwn(exporters, resource) ? exporters[resource] : undefined;
  if (!exporter) return errorResponse(new ApiError('not_found', 'Diesen Export gibt es nicht.'));
  return exporter(req, context);
}

export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
