import { formatFieldValue, type FieldValueLabels } from './field-value';

const labels: FieldValueLabels = {
  empty: '–',
  status: (code) => ({ draft: 'Entwurf', active: 'Aktiv' })[code],
  role: (code) => ({ backoffice: 'Innendienst' })[code],
  benefit: (code) => ({ sachbezug: 'Sachbezug', bav: 'bAV' })[code],
};

describe('formatFieldValue', () => {
  it('shows nothing recorded as a dash', () => {
    expect(formatFieldValue('city', null, labels, 'de')).toBe('–');
    expect(formatFieldValue('city', undefined, labels, 'de')).toBe('–');
    expect(formatFieldValue('city', '', labels, 'de')).toBe('–');
  });

  it('names statuses and roles, also under payload.', () => {
    expect(formatFieldValue('status', 'active', labels, 'de')).toBe('Aktiv');
    expect(formatFieldValue('payload.status', 'draft', labels, 'de')).toBe('Entwurf');
    expect(formatFieldValue('role', 'backoffice', labels, 'de')).toBe('Innendienst');
    // An unknown code (a newer API) shows as recorded.
    expect(formatFieldValue('status', 'paused', labels, 'de')).toBe('paused');
  });

  it('lists benefits with German money and percentages', () => {
    const benefits = [
      { code: 'sachbezug', amountCents: 5000, unit: 'month' },
      { code: 'bav', amountCents: 1500, unit: 'percent' },
    ];
    expect(formatFieldValue('benefits', benefits, labels, 'de')).toBe('Sachbezug 50,00\u00a0€, bAV 15\u00a0%');
    expect(formatFieldValue('benefits', [], labels, 'de')).toBe('–');
  });

  it('keeps other values as recorded', () => {
    expect(formatFieldValue('employeeCount', 12, labels, 'de')).toBe('12');
    expect(formatFieldValue('name', 'Müller GmbH', labels, 'de')).toBe('Müller GmbH');
    expect(formatFieldValue('address', { city: 'Köln' }, labels, 'de')).toBe('{"city":"Köln"}');
  });
});
