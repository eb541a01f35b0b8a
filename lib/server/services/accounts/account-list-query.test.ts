/** @jest-environment node */
import { PgDialect } from 'drizzle-orm/pg-core';
import { escapeLike } from '@/lib/server/db/escape-like';
import { searchCondition } from './account-list-query';

const dialect = new PgDialect();
const render = (q: string) => {
  const condition = searchCondition(q);
  return condition ? dialect.sqlToQuery(condition) : undefined;
};

describe('escapeLike', () => {
  it('makes % _ and \\ literal', () => {
    expect(escapeLike('50%_a\\b')).toBe('50\\%\\_a\\\\b');
    expect(escapeLike('Müller')).toBe('Müller');
  });
});

describe('searchCondition', () => {
  it('is nothing for an empty term', () => {
    expect(searchCondition(undefined)).toBeUndefined();
    expect(searchCondition('   ')).toBeUndefined();
  });

  it('searches a word in the name and at the start of the city', () => {
    const query = render(' Müller ')!;
    expect(query.sql).toContain('lower("accounts"."name") like');
    expect(query.sql).toContain('lower("accounts"."city") like');
    expect(query.sql).not.toContain('customer_number');
    expect(query.params).toEqual(['Müller', 'Müller']);
  });

  it('finds a customer number by its digits, exactly', () => {
    const query = render('123')!;
    expect(query.sql).toContain('"accounts"."customer_number" =');
    expect(query.sql).not.toContain('between');
    expect(query.sql).not.toContain('city');
    expect(query.params).toEqual(['123', 'K-000123']);
  });

  it('finds customer numbers by a prefix as a range of the fixed-width numbers', () => {
    const query = render('k-0012')!;
    expect(query.sql).toContain('between');
    expect(query.params).toEqual(['k-0012', 'K-000012', 'K-001200', 'K-001299']);
    expect(render('K000123')!.params).toEqual(['K000123', 'K-000123']);
  });

  it('escapes wildcards in the term', () => {
    expect(render('100%')!.params).toEqual(['100\\%', '100\\%']);
  });
});
