/** @jest-environment node */
import { formatDate, formatDateTime } from './date';
import { FORMAT_INTL_LOCALES, FORMAT_TIME_ZONE } from './intl-locale';
import { formatNumber, formatPercentBasisPoints } from './number';
import { INTL_LOCALE, TIME_ZONE } from '@/lib/i18n/config';

const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');

describe('formatDate / formatDateTime', () => {
  it('formats in German and English in Europe/Berlin', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21.11.2026');
    expect(formatDate(new Date('2026-11-21T10:00:00Z'), 'en')).toBe('21/11/2026');
    expect(formatDateTime('2026-11-21T13:30:00Z')).toBe('21.11.2026, 14:30');
    expect(formatDateTime('2026-07-01T13:30:00Z', 'en')).toBe('01/07/2026, 15:30');
  });

  it('uses the Berlin calendar day, not UTC', () => {
    expect(formatDate('2026-11-21T23:30:00Z')).toBe('22.11.2026');
  });

  it('answers "" for missing or invalid dates', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDateTime('')).toBe('');
  });
});

describe('formatNumber / formatPercentBasisPoints', () => {
  it('groups thousands per locale', () => {
    expect(formatNumber(1234567.5)).toBe('1.234.567,5');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(0.5, 'de', { style: 'percent' })).toBe('50\u00a0%');
  });

  it('formats basis points as percent', () => {
    expect(plain(formatPercentBasisPoints(1500))).toBe('15 %');
    expect(plain(formatPercentBasisPoints(1550))).toBe('15,5 %');
    expect(plain(formatPercentBasisPoints(1))).toBe('0,01 %');
    expect(formatPercentBasisPoints(1500, 'en')).toBe('15%');
  });
});

describe('format settings', () => {
  it('match the i18n configuration', () => {
    expect(FORMAT_INTL_LOCALES).toEqual(INTL_LOCALE);
    expect(FORMAT_TIME_ZONE).toBe(TIME_ZONE);
  });
});
