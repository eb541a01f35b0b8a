import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { findDistributors } from '@/lib/server/services/accounts/find-distributors';

export const GET = route(op.distributors, ({ actor }) => findDistributors(actor));
