/** @jest-environment node */
import type { JWT } from 'next-auth/jwt';
import { refreshTokens } from '@/lib/api-client/auth';
import { ApiRequestError } from '@/lib/api-client/http';
import { refreshIfNeeded } from './session-cookie';
import type { AuthTokenFields } from './types';

jest.mock('@/lib/api-client/auth', () => ({ refreshTokens: jest.fn() }));
const refreshMock = refreshTokens as jest.MockedFunction<typeof refreshTokens>;

const NOW = Date.parse('2026-11-23T12:00:00Z');
const expiring = {
  accessToken: 'a',
  refreshToken: 'r',
  accessTokenExpires: NOW + 1_000,
  user: {},
} as unknown as JWT & AuthTokenFields;

describe('refreshIfNeeded', () => {
  it.each([
    ['unreachable', new ApiRequestError({ statusCode: 503, code: 'unreachable', message: 'weg' })],
    ['answering 503', new ApiRequestError({ statusCode: 503, code: 'service_unavailable', message: 'gleich wieder' })],
  ])('keeps the session while the API is %s', async (_, error) => {
    refreshMock.mockRejectedValueOnce(error);
    await expect(refreshIfNeeded(expiring, NOW)).resolves.toEqual({ kind: 'fresh', token: expiring });
  });

  it('ends the session when the API refuses the refresh token', async () => {
    refreshMock.mockRejectedValueOnce(new ApiRequestError({ statusCode: 401, code: 'unauthorized', message: 'nein' }));
    await expect(refreshIfNeeded(expiring, NOW)).resolves.toEqual({ kind: 'ended' });
  });
});
