/** @jest-environment node */
import { z } from 'zod';
import { accountCreateSchema } from '@/lib/schemas/account';
import { invalidField } from './api-error';
import { zodIssuesToDetails } from './route';

// The route module pulls in authentication, and with it jose (an ES module only).
jest.mock('@/lib/server/auth/authenticate', () => ({ authenticate: jest.fn() }));

describe('the API’s validation details', () => {
  it('carry the German catalogue text and its key, with the numbers the text names', () => {
    const result = accountCreateSchema.safeParse({
      name: 'x'.repeat(201),
      legalForm: 'GmbH',
      country: 'de',
      contactEmail: 'kein-at',
      employeeCount: -1,
      benefits: [],
    });
    expect(result.success).toBe(false);
    const details = zodIssuesToDetails(result.error!);
    const byPath = Object.fromEntries(details.map((detail) => [detail.path, detail]));
    expect(byPath.name).toEqual({
      path: 'name',
      message: 'Höchstens 200 Zeichen.',
      code: 'tooLong',
      params: { maximum: 200 },
    });
    expect(byPath.country).toMatchObject({
      message: 'Ländercode mit zwei Großbuchstaben, z. B. DE.',
      code: 'countryCode',
    });
    expect(byPath.contactEmail).toMatchObject({ message: 'Keine gültige E-Mail-Adresse.', code: 'invalidEmail' });
    expect(byPath.employeeCount).toMatchObject({ code: 'tooSmall', params: { minimum: 0 } });
  });

  it('name a missing value `required` and anything unknown `invalid`', () => {
    const result = z.strictObject({ a: z.string(), b: z.number() }).safeParse({ b: 'x', c: 1 });
    const details = zodIssuesToDetails(result.error!);
    expect(details.find((detail) => detail.path === 'a')).toMatchObject({ code: 'required', message: 'Pflichtfeld.' });
    expect(details.find((detail) => detail.path === 'b')).toMatchObject({ code: 'notANumber' });
    expect(details.find((detail) => detail.path === '(root)')).toMatchObject({ code: 'invalid' });
  });

  it('refusals a schema cannot see name their key as well', () => {
    expect(invalidField('parentId', 'accountTooDeep', { max: 5 }).toBody()).toEqual({
      statusCode: 422,
      code: 'validation_failed',
      message: 'Konten können höchstens 5 Ebenen tief verschachtelt werden.',
      details: [
        {
          path: 'parentId',
          message: 'Konten können höchstens 5 Ebenen tief verschachtelt werden.',
          code: 'accountTooDeep',
          params: { max: 5 },
        },
      ],
    });
  });
});
