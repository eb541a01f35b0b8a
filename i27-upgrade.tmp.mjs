import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
const db = await PGlite.create('/tmp/ebmt-bench-5rnGtA/pglite', { extensions: { pg_trgm } });
const t = performance.now();
await db.exec(readFileSync('/tmp/i27-upgrade.sql', 'utf8'));
await db.exec('analyze accounts; analyze whitelist_entries;');
console.log('upgraded in', Math.round(performance.now() - t), 'ms');
await db.close();
