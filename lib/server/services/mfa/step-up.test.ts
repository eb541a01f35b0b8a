/**
 * @jest-environment node
 */
jest.mock('jose', () => ({ SignJWT: jest.fn(), jwtVerify: jest.fn() }));
jest.mock('@simplewebauthn/server', () => ({}));
jest.mock('@/lib/server/db/client', () => ({ getDb: jest.fn() }));

import type { Actor } from '@/lib/server/auth/actor';
import { ApiError } from '@/lib/server/http/api-error';
import { assertRecentStepUp, hasRecentStepUp } from './step-up';

const NOW = Date.parse('2026-11-26T10:00:00Z');
const actor = (mfaEnrolled: boolean, verifiedMsAgo: number | null) =>
  ({ mfaEnrolled, mfaVerifiedAt: verifiedMsAgo === null ? null : new Date(NOW - verifiedMsAgo) }) as Actor;

describe('step-up (second factor at most 10 minutes old)', () => {
  it('counts a check up to exactly 10 minutes, not a second longer', () => {
    expect(hasRecentStepUp(actor(true, 0), NOW)).toBe(true);
    expect(hasRecentStepUp(actor(true, 10 * 60_000), NOW)).toBe(true);
    expect(hasRecentStepUp(actor(true, 10 * 60_000 + 1_000), NOW)).toBe(false);
    expect(hasRecentStepUp(actor(true, null), NOW)).toBe(false);
  });

  it('asks only users who have a factor', () => {
    jest.useFakeTimers({ now: NOW });
    try {
      expect(() => assertRecentStepUp(actor(false, null))).not.toThrow();
      expect(() => assertRecentStepUp(actor(true, 60_000))).not.toThrow();
      let error: unknown;
      try {
        assertRecentStepUp(actor(true, 11 * 60_000));
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).code).toBe('step_up_required');
      expect((error as ApiError).statusCode).toBe(403);
      expect((error as ApiError).details?.[0]?.code).toBe('mfaStepUpRequired');
    } finally {
      jest.useRealTimers();
    }
  });
});
