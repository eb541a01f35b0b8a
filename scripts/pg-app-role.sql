-- The application's PostgreSQL role (README "Running on PostgreSQL"): it does not own the tables,
-- so the history's triggers (append-only, hash chain) hold against the application itself.
-- Run as the tables' owner after `npm run db:migrate`, e.g.
--   psql -d benefits -v role=benefits_app -v db=benefits -f scripts/pg-app-role.sql
-- and start the server with DATABASE_URL=postgres://benefits_app:…@host/benefits.
-- New migrations run as the owner (npm run db:migrate), then this script again for new tables.
SELECT format('CREATE ROLE %I LOGIN', :'role')
WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'role') \gexec
-- The server checks the migrations at start (drizzle creates its schema and table IF NOT EXISTS).
GRANT CONNECT, CREATE ON DATABASE :"db" TO :"role";
GRANT USAGE ON SCHEMA public, drizzle TO :"role";
GRANT CREATE ON SCHEMA drizzle TO :"role";
GRANT SELECT ON ALL TABLES IN SCHEMA drizzle TO :"role";
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO :"role";
GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA public TO :"role";
-- The history: read and append only. The chain head is written by the SECURITY DEFINER trigger.
REVOKE UPDATE, DELETE, TRUNCATE ON changes FROM :"role";
REVOKE ALL ON changes_chain_head FROM :"role";
GRANT SELECT ON changes_chain_head TO :"role";
-- The access log (issue 51): read and append only; rows leave only through access_log_purge()
-- (SECURITY DEFINER, the retention job), whose trigger guard refuses every other UPDATE and DELETE.
REVOKE UPDATE, DELETE, TRUNCATE ON access_log FROM :"role";
-- The job queue (pg-boss, schema pgboss): the role works it. If the owner's first start or seed
-- already created the schema, hand it over; otherwise the server creates it at start-up (CREATE above).
SELECT format('GRANT USAGE, CREATE ON SCHEMA pgboss TO %I', :'role')
WHERE EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') \gexec
SELECT format('GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA pgboss TO %I', :'role')
WHERE EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') \gexec
SELECT format('GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA pgboss TO %I', :'role')
WHERE EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'pgboss') \gexec
