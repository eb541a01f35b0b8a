import 'server-only';
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { users, type BenefitRow } from '@/lib/server/db/schema';
import { invalidField } from '@/lib/server/http/api-error';

/** An account's distributor must be a user with the role distributor who has not been deactivated. */
export async function assertDistributorUser(db: DbOrTx, userId: string): Promise<void> {
  const [user] = await db
    .select({ role: users.role, status: users.status })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!user || user.role !== 'distributor' || user.status === 'deactivated') {
    throw invalidField('distributorId', 'distributorMustBeActiveDistributor');
  }
}

const benefitKey = (benefit: BenefitRow) => `${benefit.code}:${benefit.amountCents}:${benefit.unit}`;

/** Whether two benefit lists offer the same (order and JSON key order do not matter). */
export function sameBenefits(a: readonly BenefitRow[], b: readonly BenefitRow[]): boolean {
  if (a.length !== b.length) return false;
  const left = a.map(benefitKey).sort();
  const right = b.map(benefitKey).sort();
  return left.every((key, index) => key === right[index]);
}
