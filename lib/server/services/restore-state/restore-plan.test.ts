/** @jest-environment node */
import { RESTORABLE_FIELDS, planFromEntry, planFromState, sameValue } from './restore-plan';

const benefits = (amountCents: number) => [{ code: 'sachbezug', amountCents, unit: 'month' }];

describe('restore plan (issue 51)', () => {
  describe('as of a moment', () => {
    it('sets back exactly the restorable fields whose value then differs now', () => {
      const plan = planFromState(
        'account',
        { name: 'Alt GmbH', city: 'Köln', benefits: benefits(4000), customerNumber: 'K-1', status: 'active' },
        { name: 'Neu GmbH', city: 'Köln', benefits: benefits(5000), customerNumber: 'K-2', status: 'active' },
      );
      // customerNumber is not an edit's field: never restored.
      expect(plan).toEqual({ changes: { name: 'Alt GmbH', benefits: benefits(4000) }, conflicts: [] });
    });

    it('leaves a field the history does not name then, and restores a null then', () => {
      const plan = planFromState(
        'task',
        { title: 'A', dueDate: null },
        { title: 'A', dueDate: '2026-12-01', priority: 'high' },
      );
      expect(plan.changes).toEqual({ dueDate: null });
    });

    it('finds nothing when the state then is the state now (keys in another order are one value)', () => {
      const then = { benefits: [{ unit: 'month', amountCents: 4000, code: 'sachbezug' }] };
      expect(planFromState('account', then, { benefits: benefits(4000) }).changes).toEqual({});
    });

    it('covers each resource with fields of its own', () => {
      expect(
        planFromState('user', { role: 'manager', email: 'x@y.de' }, { role: 'admin', email: 'z@y.de' }).changes,
      ).toEqual({
        role: 'manager',
      });
      expect(
        planFromState('whitelist_entry', { value: 'a.de', kind: 'domain' }, { value: 'b.de', kind: 'x' }).changes,
      ).toEqual({
        value: 'a.de',
      });
      expect(Object.keys(RESTORABLE_FIELDS).sort()).toEqual(['account', 'document', 'task', 'user', 'whitelist_entry']);
    });
  });

  describe('undoing one entry', () => {
    it('sets each of its fields back to before', () => {
      const plan = planFromEntry(
        'task',
        [
          { field: 'status', before: 'open', after: 'in_progress' },
          { field: 'completedAt', before: null, after: 'x' },
        ],
        { status: 'in_progress', title: 'T' },
      );
      expect(plan).toEqual({ changes: { status: 'open' }, conflicts: [] });
    });

    it('refuses a field changed again since the entry (a conflict), naming it', () => {
      const plan = planFromEntry(
        'account',
        [
          { field: 'benefits', before: benefits(4000), after: benefits(5000) },
          { field: 'name', before: 'Alt', after: 'Mittel' },
        ],
        { benefits: benefits(6000), name: 'Mittel' },
      );
      expect(plan.conflicts).toEqual(['benefits']);
      expect(plan.changes).toEqual({ name: 'Alt' });
    });

    it('needs nothing for a field already back where it was', () => {
      expect(planFromEntry('document', [{ field: 'title', before: 'A', after: 'B' }], { title: 'A' })).toEqual({
        changes: {},
        conflicts: [],
      });
    });
  });

  it('compares missing and null as one value, numbers and strings not', () => {
    expect(sameValue(undefined, null)).toBe(true);
    expect(sameValue(1, '1')).toBe(false);
    expect(sameValue({ a: 1, b: undefined }, { a: 1 })).toBe(true);
  });
});
