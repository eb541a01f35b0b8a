import * as op from '@/lib/server/http/operations/auth';
import { operations } from '@/lib/server/http/operations';
import { buildOpenApiDocument } from '@/lib/server/http/openapi';
import { route } from '@/lib/server/http/route';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const dynamic = 'force-dynamic';

let document: ReturnType<typeof buildOpenApiDocument> | undefined;

// Spread: an object literal type satisfies the answer schema's string-keyed record.
export const GET = route(op.openapi, async () => ({ ...(document ??= buildOpenApiDocument(operations)) }));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
