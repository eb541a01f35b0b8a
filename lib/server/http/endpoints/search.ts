import 'server-only';
import * as op from '../operations/search';
import { route } from '../route';
import { globalSearch } from '@/lib/server/services/search/global-search';
import { recordAccess } from '@/lib/server/access-log/collector';

// The users among the hits are people whose names and addresses were shown: logged (issue 51).
export const search = route(op.search, async ({ actor, query }) => {
  const result = await globalSearch(actor, query.q);
  recordAccess(
    actor,
    op.search,
    result.users.map((hit) => hit.id),
  );
  return result;
});
