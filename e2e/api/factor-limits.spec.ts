import { randomUUID } from 'node:crypto';
import { bearer, expect, test, type ApiClient } from '../fixtures/api';
import { apiSession, expectApiError, expectJson, openSession, type ApiSession } from '../fixtures/accounts';
import { CHANGES } from '../fixtures/approvals';
import {
  LOGIN,
  LOGIN_MFA,
  MFA,
  MFA_RECOVERY_CODES,
  MFA_TOTP,
  STEP_UP,
  enrolTotp,
  freshCode,
  passwordStep,
  type TotpUser,
} from '../fixtures/mfa';
import { softPasskey } from '../fixtures/passkey';
import { activeUser } from '../fixtures/users';

/**
 * Issue 44: a signed-in session cannot guess second factors. Step-up, recovery-code renewal and
 * factor removal share the sign-in's lockout (5 wrong per address → 423, and while locked even
 * the right factor is refused, with one `login_locked` entry per lockout) and the client
 * address's rate limit (429 with Retry-After); one passkey assertion counts once.
 */

test.describe.configure({ timeout: 120_000 });

type Check = (session: ApiSession, api: ApiClient, code: string) => ReturnType<ApiClient['post']>;

/** The three factor checks a session can reach, each with a code in its body. */
const CHECKS: ReadonlyArray<[string, Check]> = [
  ['step-up', (session, _api, code) => session.post(STEP_UP, { code })],
  ['recovery-code renewal', (session, _api, code) => session.post(MFA_RECOVERY_CODES, { code })],
  ['TOTP removal', (session, api, code) => api.delete(MFA_TOTP, { headers: bearer(session.idToken), data: { code } })],
];

async function lockedEntries(admin: ApiSession, userId: string): Promise<number> {
  const list = await expectJson<{ items: { action: string }[] }>(
    await admin.get(`${CHANGES}?entityId=${userId}&perPage=100`),
    200,
  );
  return list.items.filter((entry) => entry.action === 'login_locked').length;
}

test.describe('guessing with a session', () => {
  for (const [name, check] of CHECKS) {
    test(`${name}: 423 after five wrong codes, the right one refused while locked, one login_locked`, async ({
      api,
    }) => {
      const admin = await openSession(api, 'admin');
      const user = await activeUser(api, admin, `Raten ${name}`);
      const totp: TotpUser = await enrolTotp(user.session);

      for (let attempt = 1; attempt <= 4; attempt++) {
        await expectApiError(await check(user.session, api, '000000'), 422, 'validation_failed');
      }
      const locked = await check(user.session, api, '000000');
      await expectApiError(locked, 423, 'locked');
      expect(Number(locked.headers()['retry-after'])).toBeGreaterThan(0);

      // Locked: the right code is refused too, and nothing changes.
      await expectApiError(await check(user.session, api, await freshCode(totp.secret, totp.used)), 423, 'locked');
      expect(await expectJson(await user.session.get(MFA), 200)).toMatchObject({ totp: true, recoveryCodesLeft: 10 });
      // More guesses meet the same lockout and do not start another one.
      for (let attempt = 0; attempt < 6; attempt++) {
        await expectApiError(await check(user.session, api, '000000'), 423, 'locked');
      }
      expect(await lockedEntries(admin, user.user.id)).toBe(1);
      // The sign-in is locked by the same count.
      await expectApiError(
        await api.post(LOGIN, { data: { email: user.email, password: user.password } }),
        423,
        'locked',
      );
    });
  }

  test('every factor check counts toward the rate limit of the client address (429, Retry-After)', async ({ api }) => {
    const admin = await openSession(api, 'admin');
    const user = await activeUser(api, admin, 'Raten Adresse');
    await enrolTotp(user.session);
    // A fresh address spends its 20 attempts of this minute on wrong passwords for nobody.
    const client = api.from(`10.252.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`);
    for (let attempt = 0; attempt < 20; attempt++) {
      const wrong = await client.post(LOGIN, {
        data: { email: `niemand-${randomUUID()}@example.com`, password: 'falsch' },
      });
      expect(wrong.status()).toBe(401);
    }
    const session = apiSession(client, user.session.idToken, user.session.role, user.user.id);
    for (const [, check] of CHECKS) {
      const refused = await check(session, client, '000000');
      await expectApiError(refused, 429, 'rate_limited');
      expect(Number(refused.headers()['retry-after'])).toBeGreaterThan(0);
    }
    // Refused before the code was looked at: the account's count did not move.
    expect(await lockedEntries(admin, user.user.id)).toBe(0);
    await expectApiError(await user.session.post(STEP_UP, { code: '000000' }), 422, 'validation_failed');
  });
});

test.describe('passkey step-up', () => {
  test('one assertion sent by four sessions at once counts once', async ({ api, baseURL }) => {
    const admin = await openSession(api, 'admin');
    const user = await activeUser(api, admin, 'Passkey Rennen');
    // Three more sessions of the same user, opened before the passkey exists.
    const tokens = [user.session.idToken];
    for (let n = 0; n < 3; n++) tokens.push((await api.login(user.email, user.password)).id_token);
    const key = softPasskey(new URL(baseURL!).origin);
    const { options: registration } = await expectJson<{ options: { challenge: string } }>(
      await user.session.post('/api/v1/profile/mfa/passkeys/options/'),
      200,
    );
    await expectJson(
      await user.session.post('/api/v1/profile/mfa/passkeys/', {
        name: 'Test-Schlüssel',
        response: key.register(registration),
      }),
      200,
    );

    for (let round = 0; round < 3; round++) {
      // Each round speaks from an address of its own (the address limit is not what is tested).
      const client = api.from(`10.253.${Math.floor(Math.random() * 250)}.${round}`);
      const sessions = tokens.map((token) => apiSession(client, token, user.session.role, user.user.id));
      const { options } = await expectJson<{ options: { challenge: string } }>(
        await sessions[0]!.post(`${STEP_UP}options/`),
        200,
      );
      const webauthn = key.assert(options);
      const answers = await Promise.all(sessions.map((session) => session.post(STEP_UP, { webauthn })));
      expect(answers.map((answer) => answer.status()).sort()).toEqual([204, 422, 422, 422]);
      // The spent assertion is refused once more in every session.
      await expectApiError(await sessions[round]!.post(STEP_UP, { webauthn }), 422, 'validation_failed');

      // Four replays count toward the lockout: a sign-in with the passkey ends the count.
      const { mfa_token } = await passwordStep(client, user.email, user.password);
      const { options: signIn } = await expectJson<{ options: { challenge: string } }>(
        await client.post(`${LOGIN_MFA}options/`, { data: { mfa_token } }),
        200,
      );
      await expectJson(await client.post(LOGIN_MFA, { data: { mfa_token, webauthn: key.assert(signIn) } }), 200);
    }
  });
});
