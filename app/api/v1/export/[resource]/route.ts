import type { NextRequest } from 'next/server';
import { ApiError } from '@/lib/server/http/api-error';
import * as op from '@/lib/server/http/operations/export';
import { errorResponse, route } from '@/lib/server/http/route';
import { exportAccountsCsv } from '@/lib/server/services/export/export-accounts';

/** `GET /export/{resource}.csv`: one streamed CSV export per resource, each with its list's filters. */
const exporters: Record<string, ReturnType<typeof route>> = {
  'accounts.csv': route(op.accountsCsv, ({ actor, query }) => Promise.resolve(exportAccountsCsv(actor, query))),
};

export async function GET(req: NextRequest, context: { params: Promise<{ resource: string }> }) {
  const { resource } = await context.params;
  const exporter = Object.hasOwn(exporters, resource) ? exporters[resource] : undefined;
  if (!exporter) return errorResponse(new ApiError('not_found', 'Diesen Export gibt es nicht.'));
  return exporter(req, context);
}
