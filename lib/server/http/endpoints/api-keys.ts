import 'server-only';
import * as op from '../operations/api-keys';
import { route } from '../route';
import { createApiKey } from '@/lib/server/services/api-keys/create-api-key';
import { getApiKey } from '@/lib/server/services/api-keys/get-api-key';
import { findApiKeys } from '@/lib/server/services/api-keys/find-api-keys';
import { revokeApiKey } from '@/lib/server/services/api-keys/revoke-api-key';
import { rotateApiKey } from '@/lib/server/services/api-keys/rotate-api-key';

export const list = route(op.list, ({ actor }) => findApiKeys(actor));

export const create = route(op.create, ({ actor, body }) => createApiKey(actor, body));

export const get = route(op.get, ({ actor, params }) => getApiKey(actor, params.id));

export const revoke = route(op.revoke, ({ actor, params }) => revokeApiKey(actor, params.id));

export const rotate = route(op.rotate, ({ actor, params, body }) => rotateApiKey(actor, params.id, body));
