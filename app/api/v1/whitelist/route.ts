import * as op from '@/lib/server/http/operations/whitelist';
import { route } from '@/lib/server/http/route';
import { createWhitelistEntry } from '@/lib/server/services/whitelist/create-whitelist-entry';
import { findWhitelistEntries } from '@/lib/server/services/whitelist/find-whitelist-entries';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findWhitelistEntries(actor, query));

export const POST = route(op.create, ({ actor, body }) => createWhitelistEntry(actor, body));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
