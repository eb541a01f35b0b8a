import 'server-only';
import * as op from '../operations/search';
import { route } from '../route';
import { globalSearch } from '@/lib/server/services/search/global-search';

export const search = route(op.search, ({ actor, query }) => globalSearch(actor, query.q));
