/** @jest-environment node */
import { PgDialect } from 'drizzle-orm/pg-core';
import { userConditions, userOrder, userSearchCondition } from './user-list-query';
import { userReach } from './user-reach';

const dialect = new PgDialect();
const render = (condition: Parameters<typeof dialect.sqlToQuery>[0] | undefined) =>
  condition ? dialect.sqlToQuery(condition) : undefined;

const filters = { sort: 'lastName', order: 'asc' } as const;
const actor = (role: 'admin' | 'backoffice' | 'distributor' | 'manager', accountId: string | null = null) => ({
  id: '11111111-1111-4111-8111-111111111111',
  role,
  accountId,
});

describe('userReach', () => {
  it('admin and back office see everyone', () => {
    expect(userReach(actor('admin'))).toBeUndefined();
    expect(userReach(actor('backoffice'))).toBeUndefined();
  });

  it("a distributor sees the managers of their accounts' trees", () => {
    const query = render(userReach(actor('distributor')))!;
    expect(query.sql).toContain('"users"."role" = $1');
    expect(query.sql).toContain(
      '"users"."account_id" IN (SELECT "accounts"."id" FROM "accounts" WHERE "accounts"."distributor_id" = $2)',
    );
    expect(query.params).toEqual(['manager', actor('distributor').id]);
  });

  it("a manager sees the managers of their account's tree; without an account nobody", () => {
    const query = render(userReach(actor('manager', '22222222-2222-4222-8222-222222222222')))!;
    expect(query.sql).toContain('"accounts"."lineage" @> ARRAY[$2]::uuid[]');
    expect(query.params).toEqual(['manager', '22222222-2222-4222-8222-222222222222']);
    expect(render(userReach(actor('manager')))!.sql).toContain('false');
  });
});

describe('userSearchCondition', () => {
  it('is nothing for an empty term', () => {
    expect(userSearchCondition(undefined)).toBeUndefined();
    expect(userSearchCondition('  ')).toBeUndefined();
  });

  it('searches the name both ways round and the e-mail, case-insensitively, with literal wildcards', () => {
    const query = render(userSearchCondition(' Mül_ler% '))!;
    expect(query.sql).toContain('lower("users"."first_name" || \' \' || "users"."last_name") like $1');
    expect(query.sql).toContain('lower("users"."email") like $3');
    expect(query.params).toEqual(['%mül\\_ler\\%%', '%mül\\_ler\\%%', '%mül\\_ler\\%%']);
  });
});

describe('userConditions', () => {
  it('combines reach and filters', () => {
    const query = render(
      userConditions(actor('distributor'), {
        ...filters,
        role: 'manager',
        status: 'invited',
        accountId: '33333333-3333-4333-8333-333333333333',
      }),
    )!;
    expect(query.sql).toContain('"users"."status" = $');
    expect(query.sql).toContain('"users"."account_id" = $');
    expect(query.params).toEqual(expect.arrayContaining(['invited', '33333333-3333-4333-8333-333333333333']));
  });
});

describe('userOrder', () => {
  const sql = (sort: (typeof import('@/lib/schemas/user').USER_SORT_FIELDS)[number], order: 'asc' | 'desc') =>
    userOrder({ sort, order })
      .map((part) => dialect.sqlToQuery(part).sql)
      .join(', ');

  it('sorts by name with a stable tie-break', () => {
    expect(sql('lastName', 'asc')).toBe('"users"."last_name" asc, "users"."first_name" asc, "users"."id" asc');
    expect(sql('role', 'desc')).toBe(
      '"users"."role" desc, "users"."last_name" desc, "users"."first_name" desc, "users"."id" desc',
    );
  });

  it('puts users who never signed in last in both directions', () => {
    expect(sql('lastLoginAt', 'asc')).toBe('"users"."last_login_at" asc nulls last, "users"."id" asc');
    expect(sql('lastLoginAt', 'desc')).toBe('"users"."last_login_at" desc nulls last, "users"."id" desc');
  });
});
