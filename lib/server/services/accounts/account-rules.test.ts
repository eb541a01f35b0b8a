/** @jest-environment node */
import { createdFields } from '@/lib/server/history/change-fields';
import { sameBenefits } from './account-rules';

describe('sameBenefits', () => {
  const sachbezug = { code: 'sachbezug', amountCents: 5000, unit: 'month' };
  const jobticket = { code: 'jobticket', amountCents: 4900, unit: 'month' };

  it('ignores the order of the list', () => {
    expect(sameBenefits([sachbezug, jobticket], [jobticket, sachbezug])).toBe(true);
    expect(sameBenefits([], [])).toBe(true);
  });

  it('ignores the key order of stored JSON', () => {
    expect(sameBenefits([{ unit: 'month', code: 'sachbezug', amountCents: 5000 }], [sachbezug])).toBe(true);
  });

  it('sees a changed amount, an added and a removed benefit', () => {
    expect(sameBenefits([sachbezug], [{ ...sachbezug, amountCents: 4000 }])).toBe(false);
    expect(sameBenefits([sachbezug], [sachbezug, jobticket])).toBe(false);
    expect(sameBenefits([sachbezug, jobticket], [jobticket])).toBe(false);
    expect(sameBenefits([sachbezug, sachbezug], [sachbezug, jobticket])).toBe(false);
  });
});

describe('createdFields', () => {
  it('lists the set values and leaves the empty ones out', () => {
    expect(
      createdFields({ name: 'Neu GmbH', street: '', vatId: null, benefits: [], employeeCount: 0, notes: undefined }),
    ).toEqual([
      { field: 'name', before: null, after: 'Neu GmbH' },
      { field: 'employeeCount', before: null, after: 0 },
    ]);
  });
});
