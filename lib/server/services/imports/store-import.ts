import 'server-only';
import type { ImportKind } from '@/lib/schemas/import';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { imports } from '@/lib/server/db/schema';

/**
 * Keeps an import's report (issue 49) in the import's own transaction: its id becomes the entity id
 * of the import's history entry, which links to it (`/importe/{id}/`). The report's issues are
 * already capped (IMPORT_MAX_ISSUES).
 */
export async function storeImport(
  db: DbOrTx,
  actor: Actor,
  entry: { id: string; kind: ImportKind; accountId: string | null; report: Record<string, unknown> },
): Promise<void> {
  await db.insert(imports).values({
    id: entry.id,
    kind: entry.kind,
    actorId: actor.apiKey ? null : actor.id,
    // A person's name is resolved when the report is read (erasure then shows the pseudonym); only a
    // machine client's key name is kept.
    actorLabel: actor.apiKey ? actor.apiKey.name : '',
    accountId: entry.accountId,
    report: entry.report,
  });
}
