import 'server-only';
import { and, eq, ne, or } from 'drizzle-orm';
import type { WhitelistCheck } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts, whitelistEntries } from '@/lib/server/db/schema';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { isValidOn, whitelistToday } from './whitelist-query';

/**
 * `GET /whitelist/check?email=`: the portal's question (SPEC §2). The address arrives normalised
 * (lower case, domain in punycode); it matches an entry with exactly that address or a domain entry
 * equal to its domain, still valid today in Germany. Both are probes of the (kind, value) index,
 * so the answer takes the same few milliseconds at 200,000 entries as at 20. Entries of archived
 * accounts do not count.
 */
export async function checkWhitelist(actor: Actor, email: string): Promise<WhitelistCheck> {
  const db = await getDb();
  const domain = email.slice(email.lastIndexOf('@') + 1);
  const reach = accountReach(actor);
  const matches = and(
    or(
      and(eq(whitelistEntries.kind, 'email'), eq(whitelistEntries.value, email)),
      and(eq(whitelistEntries.kind, 'domain'), eq(whitelistEntries.value, domain)),
    ),
    isValidOn(whitelistToday()),
  );
  // An archived account is a former customer: its employees no longer register (SPEC §2 "may this
  // address register"). Draft and suspended accounts still answer, so onboarding can be prepared.
  const query = db
    .selectDistinct({ accountId: whitelistEntries.accountId })
    .from(whitelistEntries)
    .innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId))
    .where(and(matches, ne(accounts.status, 'archived'), reach));
  const rows = await query.orderBy(whitelistEntries.accountId).limit(100);
  const accountIds = rows.map((row) => row.accountId);
  return { allowed: accountIds.length > 0, accountIds };
}
