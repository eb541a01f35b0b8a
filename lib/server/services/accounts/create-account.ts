import 'server-only';
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { MAX_ACCOUNT_DEPTH, type Account, type accountCreateSchema } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { rowsOf } from '@/lib/server/db/rows';
import { recordChanges } from '@/lib/server/history/record-change';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { assertNotArchived, findAccountRow, lockTree, requireAccount } from './account-record';
import { assertDistributorUser } from './account-rules';
import { createdFields } from '@/lib/server/history/change-fields';

export type AccountCreate = z.output<typeof accountCreateSchema>;

/**
 * Where a new account goes: its lineage (root first, itself last) and its distributor. A
 * sub-account inherits the distributor of its tree; a distributor's own top-level accounts are
 * always theirs.
 */
async function placeAccount(tx: Tx, actor: Actor, id: string, input: AccountCreate) {
  if (!input.parentId) {
    if (actor.role === 'distributor') {
      if (input.distributorId && input.distributorId !== actor.id) {
        throw invalidField('distributorId', 'distributorOnlyForSelf');
      }
      return { lineage: [id], distributorId: actor.id };
    }
    if (input.distributorId) await assertDistributorUser(tx, input.distributorId);
    return { lineage: [id], distributorId: input.distributorId };
  }

  const peek = await findAccountRow(tx, actor, input.parentId);
  if (!peek) throw new ApiError('not_found', 'Übergeordnetes Konto nicht gefunden.');
  // A concurrent change of the tree's distributor then either sees this account, or this account
  // sees the new distributor.
  await lockTree(tx, peek, 'share');
  const parent = await findAccountRow(tx, actor, input.parentId, { lock: 'share' });
  if (!parent) throw new ApiError('not_found', 'Übergeordnetes Konto nicht gefunden.');
  assertNotArchived(parent);
  if (parent.lineage.length + 1 > MAX_ACCOUNT_DEPTH) {
    throw invalidField('parentId', 'accountTooDeep', { max: MAX_ACCOUNT_DEPTH });
  }
  if (input.distributorId && input.distributorId !== parent.distributorId) {
    throw invalidField('distributorId', 'subAccountInheritsDistributor');
  }
  return { lineage: [...parent.lineage, id], distributorId: parent.distributorId };
}

/**
 * Inserts a new draft account in `tx` with its history entry, placed by the rules of `placeAccount`
 * (the form's create; the import places its rows by the same rules in bulk, issue 49). Answers its
 * id and customer number.
 */
export async function insertAccount(
  tx: Tx,
  actor: Actor,
  input: AccountCreate,
  id: string = randomUUID(),
): Promise<{ id: string; customerNumber: string }> {
  const { lineage, distributorId } = await placeAccount(tx, actor, id, input);
  const [created] = await insertPlacedAccounts(tx, actor, [{ id, lineage, distributorId, input }]);
  if (!created) throw new Error('createAccount: insert returned no row');
  return created;
}

/** A new account whose place is decided: its lineage (root first, itself last) and its distributor. */
export interface PlacedAccount {
  id: string;
  lineage: string[];
  distributorId: string | null;
  input: AccountCreate;
}

/**
 * Inserts placed accounts as drafts in one statement — in the given order, parents before their
 * children; the customer numbers follow that order — and their history entries (one each, the set
 * values) in the next (`recordChanges`). The caller bounds their number per call; `pause` runs
 * between the statements. Answers ids and customer numbers.
 */
export async function insertPlacedAccounts(
  tx: Tx,
  actor: Actor,
  placed: readonly PlacedAccount[],
  pause: () => Promise<void> = async () => undefined,
): Promise<{ id: string; customerNumber: string }[]> {
  if (placed.length === 0) return [];
  const rows = placed.map(({ id, lineage, distributorId, input }) => ({
    id,
    lineage,
    values: {
      name: input.name,
      legalForm: input.legalForm,
      parentId: input.parentId,
      status: 'draft' as const,
      distributorId,
      street: input.street,
      zip: input.zip,
      city: input.city,
      country: input.country,
      contactName: input.contactName,
      contactEmail: input.contactEmail,
      contactPhone: input.contactPhone,
      vatId: input.vatId,
      employeeCount: input.employeeCount,
      notes: input.notes,
      benefits: input.benefits,
    },
  }));
  // One JSON parameter, not two dozen per account (drizzle's builder and PGlite pay per parameter).
  const inserted = await rowsOf<{ id: string; customer_number: string }>(
    tx,
    sql`insert into accounts (id, lineage, name, legal_form, parent_id, status, distributor_id, street, zip, city,
          country, contact_name, contact_email, contact_phone, vat_id, employee_count, notes, benefits)
        select r.id, r.lineage, r.name, r.legal_form, r.parent_id, r.status, r.distributor_id, r.street, r.zip, r.city,
          r.country, r.contact_name, r.contact_email, r.contact_phone, r.vat_id, r.employee_count, r.notes, r.benefits
        from jsonb_to_recordset(${JSON.stringify(
          rows.map(({ id, lineage, values }) => ({
            id,
            lineage,
            name: values.name,
            legal_form: values.legalForm,
            parent_id: values.parentId,
            status: values.status,
            distributor_id: values.distributorId,
            street: values.street,
            zip: values.zip,
            city: values.city,
            country: values.country,
            contact_name: values.contactName,
            contact_email: values.contactEmail,
            contact_phone: values.contactPhone,
            vat_id: values.vatId,
            employee_count: values.employeeCount,
            notes: values.notes,
            benefits: values.benefits,
          })),
        )}::jsonb) as r(id uuid, lineage uuid[], name text, legal_form text, parent_id uuid, status text,
          distributor_id uuid, street text, zip text, city text, country text, contact_name text, contact_email text,
          contact_phone text, vat_id text, employee_count integer, notes text, benefits jsonb)
        returning id, customer_number`,
  );
  const numbers = new Map(inserted.map((row) => [row.id, row.customer_number]));
  const created = rows.map(({ id }) => {
    const customerNumber = numbers.get(id);
    if (customerNumber === undefined) throw new Error('insertPlacedAccounts: insert returned no row');
    return { id, customerNumber };
  });
  await pause();
  await recordChanges(
    tx,
    rows.map(({ id, values }, index) => ({
      actor,
      entityType: 'account' as const,
      entityId: id,
      entityLabel: values.name,
      accountId: id,
      action: 'create' as const,
      fields: createdFields({ customerNumber: created[index]!.customerNumber, ...values }),
    })),
    pause,
  );
  return created;
}

/**
 * `POST /accounts`: a new account, always as a draft (activation needs an approval). With
 * `parentId` a sub-account under an account in reach that is not archived, at most
 * MAX_ACCOUNT_DEPTH levels deep. The history records the set values in the same transaction.
 */
export async function createAccount(actor: Actor, input: AccountCreate): Promise<Account> {
  const db = await getDb();
  const { id } = await db.transaction((tx) => insertAccount(tx, actor, input));
  return requireAccount(db, actor, id);
}
