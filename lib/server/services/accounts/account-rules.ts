import 'server-only';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { users, type BenefitRow } from '@/lib/server/db/schema';
import { invalidField } from '@/lib/server/http/api-error';

/** An account's distributor must be a user with the role distributor who has not been deactivated. */
export async function assertDistributorUser(db: DbOrTx, userId: string): Promise<void> {
  await assertDistributorUsers(db, [userId]);
}

/** `assertDistributorUser` for several users at once (an import's distributors, at most a few thousand). */
export async function assertDistributorUsers(db: DbOrTx, userIds: readonly string[]): Promise<void> {
  const wanted = [...new Set(userIds)];
  if (wanted.length === 0) return;
  const found = await db
    .select({ id: users.id, role: users.role, status: users.status })
    .from(users)
    .where(inArray(users.id, wanted));
  const fit = new Set(
    found.filter((user) => user.role === 'distributor' && user.status !== 'deactivated').map((user) => user.id),
  );
  if (wanted.some((id) => !fit.has(id))) throw invalidField('distributorId', 'distributorMustBeActiveDistributor');
}

const benefitKey = (benefit: BenefitRow) => `${benefit.code}:${benefit.amountCents}:${benefit.unit}`;

/** Whether two benefit lists offer the same (order and JSON key order do not matter). */
export function sameBenefits(a: readonly BenefitRow[], b: readonly BenefitRow[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(benefitKey).sort();
  const right = b.map(benefitKey).sort();
  return left.every((key, index) => key === right[index]);
}
