// The list page's check box uses this module: it must not load Zod (issue 15).
jest.mock('zod', () => {
  throw new Error('lib/api-client/whitelist must not load zod');
});

import { checkWhitelist, whitelistApi } from './whitelist';
import { fetchAnswer } from '@/test-support/fetch-answer';

const ACCOUNT = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

describe('checkWhitelist', () => {
  it('asks through the proxy and answers the check', async () => {
    fetchMock.mockReturnValueOnce(fetchAnswer(200, { allowed: true, accountIds: [ACCOUNT] }));
    await expect(checkWhitelist('a@example.com')).resolves.toEqual({ allowed: true, accountIds: [ACCOUNT] });
    expect(fetchMock.mock.calls[0]?.[0]).toBe(`/api/ui${whitelistApi.checkPath('a@example.com')}`);
  });

  it.each([
    ['a refusal', fetchAnswer(403, { statusCode: 403, code: 'forbidden', message: 'x' })],
    ['allowed missing', fetchAnswer(200, { accountIds: [] })],
    ['account ids no list', fetchAnswer(200, { allowed: false, accountIds: ACCOUNT })],
    ['null', fetchAnswer(200, null)],
  ])('fails on %s', async (_name, response) => {
    fetchMock.mockReturnValueOnce(response);
    await expect(checkWhitelist('a@example.com')).rejects.toThrow();
  });
});
