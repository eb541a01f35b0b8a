/** @jest-environment node */
import { accountListSchema } from '@/lib/schemas/account';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import { accountsApi } from './accounts';
import type { z } from 'zod';
import { ApiRequestError, apiRequest, httpTransport, type ApiRequestOptions, type ApiTransport } from './http';
import { serverTransport } from './in-process-transport';
import { meResponseSchema } from '@/lib/schemas/auth';

/**
 * One suite, both transports: the API client's calls must come out the same whether the Request
 * goes over a socket or is handed to the route handler in process. The HTTP side is a plain Node
 * server that hands what it receives to the same route handlers, so only the transport differs.
 * Authentication and the services are stubbed; routing, validation and the error shape are real.
 */

const TOKEN = 'valid-token';
const USER_ID = '0b6c9a0e-5d55-4bb4-9e57-2f0a2b7d8c11';
const ACCOUNT_ID = '6f0c2d38-6a3f-4c43-9d2b-3b8f4a1c2e10';

jest.mock('@/lib/server/auth/authenticate', () => {
  const { ApiError } = jest.requireActual('@/lib/server/http/api-error');
  return {
    authenticate: jest.fn(async (req: Request) => {
      if (req.headers.get('authorization') !== 'Bearer valid-token') {
        throw new ApiError('unauthorized', 'Nicht angemeldet oder die Sitzung ist abgelaufen.');
      }
      return {
        id: '0b6c9a0e-5d55-4bb4-9e57-2f0a2b7d8c11',
        email: 'admin@example.com',
        firstName: 'Ada',
        lastName: 'Admin',
        role: 'admin',
        accountId: null,
        locale: 'de',
        theme: 'system',
        sessionId: 's-1',
        scopes: new Set(['accounts.read', 'accounts.write']),
        mfaEnrolled: false,
        mfaVerifiedAt: null,
        mfaEnrolmentRequired: false,
      };
    }),
  };
});
jest.mock('@/lib/server/services/accounts/find-accounts', () => ({ findAccounts: jest.fn() }));
jest.mock('@/lib/server/services/accounts/get-account', () => ({ getAccount: jest.fn() }));
jest.mock('@/lib/server/services/accounts/update-account', () => ({ updateAccount: jest.fn() }));
jest.mock('@/lib/server/services/accounts/create-account', () => ({ createAccount: jest.fn() }));

const { findAccounts } = jest.requireMock('@/lib/server/services/accounts/find-accounts');
const { getAccount } = jest.requireMock('@/lib/server/services/accounts/get-account');

const listItem = {
  id: ACCOUNT_ID,
  customerNumber: 'K-000001',
  name: 'Müller Logistik GmbH',
  legalForm: 'GmbH',
  parentId: null,
  depth: 0,
  status: 'active',
  city: 'Köln',
  distributorId: null,
  distributorName: null,
  createdAt: '2026-01-02T03:04:05.000Z',
  updatedAt: '2026-01-02T03:04:05.000Z',
};

let server: Server;

beforeAll(async () => {
  // Stands in for Next: hands each HTTP request to the route handler the in-process transport would use.
  server = createServer(async (incoming, outgoing) => {
    const chunks: Buffer[] = [];
    for await (const chunk of incoming) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [name, value] of Object.entries(incoming.headers))
      if (typeof value === 'string') headers.set(name, value);
    const response = await serverTransport()(
      new Request(`http://127.0.0.1${incoming.url}`, {
        method: incoming.method,
        headers,
        body: chunks.length ? Buffer.concat(chunks) : undefined,
      }),
    );
    outgoing.writeHead(response.status, Object.fromEntries(response.headers));
    if (response.body) Readable.fromWeb(response.body as never).pipe(outgoing);
    else outgoing.end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  // This app's own API: the URL both transports use (the HTTP one through the socket above).
  process.env.PORT = String(port);
  process.env.BENEFITS_API_URL = `http://127.0.0.1:${port}/api/v1`;
});

afterAll(() => new Promise((resolve) => server.close(resolve)));

beforeEach(() => {
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  findAccounts.mockReset().mockResolvedValue({ items: [listItem], total: 1, page: 2, perPage: 5 });
  getAccount.mockReset();
});

it('hands the requests of this app to the route handlers in process', () => {
  expect(serverTransport()).not.toBe(httpTransport);
});

describe.each<[string, () => ApiTransport]>([
  ['in process', () => serverTransport()],
  ['over HTTP', () => httpTransport],
])('the API client %s', (_name, transport) => {
  const call = <S extends z.ZodType | undefined = undefined>(path: string, options: ApiRequestOptions<S> = {}) =>
    apiRequest<S>(path, { token: TOKEN, ...options, transport: transport() });

  it('sends method, path, query and Bearer token, and parses the answer with its schema', async () => {
    const list = await call(accountsApi.listPath({ page: 2, perPage: 5, q: 'Müller' }), {
      schema: accountListSchema,
    });
    expect(list).toEqual({ items: [listItem], total: 1, page: 2, perPage: 5 });
    expect(findAccounts).toHaveBeenCalledWith(
      expect.objectContaining({ id: USER_ID }),
      expect.objectContaining({ page: 2, perPage: 5, q: 'Müller', sort: 'name', order: 'asc' }),
    );
  });

  it('answers auth/me from the session', async () => {
    const me = await call('/auth/me/', { schema: meResponseSchema });
    expect(me.user).toMatchObject({ id: USER_ID, status: 'active', scope: ['accounts.read', 'accounts.write'] });
  });

  const refusal = async (promise: Promise<unknown>) => {
    const error = await promise.catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiRequestError);
    const { statusCode, code, message, details } = error as ApiRequestError;
    return { statusCode, code, message, details };
  };

  it('refuses a request without a valid token with 401', async () => {
    expect(await refusal(apiRequest(accountsApi.listPath({}), { token: 'other', transport: transport() }))).toEqual({
      statusCode: 401,
      code: 'unauthorized',
      message: 'Nicht angemeldet oder die Sitzung ist abgelaufen.',
      details: undefined,
    });
  });

  it('validates the query and the body with the same details', async () => {
    const query = await refusal(call('/accounts/?sort=nope'));
    expect(query).toMatchObject({ statusCode: 422, code: 'validation_failed' });
    expect(query.details?.[0]?.path).toBe('sort');
    const body = await refusal(
      call(accountsApi.detailPath(ACCOUNT_ID), { method: 'PATCH', body: { version: 1, unknownField: true } }),
    );
    expect(body).toMatchObject({ statusCode: 422, code: 'validation_failed' });
    expect(findAccounts).not.toHaveBeenCalled();
  });

  it('answers an unknown record, an unknown path and an undeclared method in the error shape', async () => {
    expect(await refusal(call(accountsApi.detailPath('not-a-uuid')))).toMatchObject({
      statusCode: 404,
      code: 'not_found',
    });
    expect(getAccount).not.toHaveBeenCalled();
    expect(await refusal(call('/no/such/path/'))).toMatchObject({ statusCode: 404, code: 'not_found' });
    expect(await refusal(call('/accounts/', { method: 'DELETE' }))).toMatchObject({
      statusCode: 405,
      code: 'method_not_allowed',
    });
  });
});
