-- Every GIN index moves its pending list into the index in small steps (issue 49). PostgreSQL
-- gathers new GIN entries in a pending list and merges the whole list into the index in the one
-- statement that finds it over `gin_pending_list_limit` (4 MB by default). On the embedded database
-- that statement holds the event loop: in the 50,000-row account import (XLSX, after a CSV one) one
-- INSERT of ~50 ms took 330–390 ms, most of it writing the pages the merge dirtied. At 64 kB per
-- index the merges are small and come often; in all they cost more (that import's real runs took
-- 25–30 % longer) but no statement holds the loop for one (docs/performance.md "Account import at
-- 50,000 rows"). The whitelist import had set the same limit for its own transactions since issue 45.
-- The lists already pending are merged here, so no later statement inherits one of up to 4 MB.
-- lib/server/db/gin-pending-list.test.ts holds every GIN index, today's and later ones, to this limit.
DO $$
DECLARE
  gin_index record;
BEGIN
  FOR gin_index IN
    SELECT c.oid, c.relname FROM pg_catalog.pg_class c JOIN pg_catalog.pg_am am ON am.oid = c.relam
    WHERE am.amname = 'gin' AND c.relnamespace = 'public'::regnamespace
  LOOP
    EXECUTE pg_catalog.format('ALTER INDEX public.%I SET (gin_pending_list_limit = 64)', gin_index.relname);
    PERFORM pg_catalog.gin_clean_pending_list(gin_index.oid);
  END LOOP;
END $$;
