import 'server-only';
import { eq, or, sql } from 'drizzle-orm';
import type { Tx } from '@/lib/server/db/types';
import { historyPersonalValues, imports } from '@/lib/server/db/schema';
import { pseudonym, pseudonymEmail } from '@/lib/server/history/personal-refs';
import { scrubReport } from '@/lib/server/import/scrub-report';

/**
 * An approved erasure's part in the stored import reports (issue 49): every report whose rows name
 * one of the person's addresses (a user import's invitation, an account's distributor, a whitelist's
 * address) is rewritten in the erasure's transaction, the rule in lib/server/import/scrub-report.ts.
 * Runs before the history's personal values are deleted: their earlier names are replaced too.
 * Returns how many reports changed.
 */
export async function eraseFromImportReports(
  tx: Tx,
  user: { id: string; firstName: string; lastName: string; phone: string | null },
  addresses: readonly string[],
): Promise<number> {
  const lowered = [...new Set(addresses.map((address) => address.trim().toLowerCase()).filter(Boolean))];
  if (lowered.length === 0) return 0;
  const rows = await tx
    .select({ id: imports.id, report: imports.report })
    .from(imports)
    .where(or(...lowered.map((address) => sql`strpos(lower(${imports.report}::text), ${address}) > 0`)))
    .for('update');
  if (rows.length === 0) return 0;
  const earlier = await tx
    .select({ value: historyPersonalValues.value })
    .from(historyPersonalValues)
    .where(eq(historyPersonalValues.personId, user.id));
  const personal = [
    `${user.firstName} ${user.lastName}`,
    `${user.lastName}, ${user.firstName}`,
    user.firstName,
    user.lastName,
    user.phone ?? '',
    ...earlier.map((row) => row.value).filter((value) => !value.includes('@')),
  ];
  const replacement = { email: pseudonymEmail(user.id), name: pseudonym(user.id) };
  let changed = 0;
  for (const row of rows) {
    const scrubbed = scrubReport(row.report, { addresses: lowered, personal }, replacement);
    if (!scrubbed.changed) continue;
    await tx.update(imports).set({ report: scrubbed.report }).where(eq(imports.id, row.id));
    changed += 1;
  }
  return changed;
}
