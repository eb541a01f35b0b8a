import { uploadWhitelistCsv, WhitelistImportError } from './whitelist-upload';
import { fetchAnswer } from '@/test-support/fetch-answer';

const ACCOUNT = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';

let fetchMock: jest.Mock;
beforeEach(() => {
  fetchMock = jest.fn();
  global.fetch = fetchMock as unknown as typeof fetch;
});

const upload = () => uploadWhitelistCsv(new Blob(['value\n']), { accountId: ACCOUNT, dryRun: true });

describe('uploadWhitelistCsv', () => {
  it('reads the code and details of a refusal in the API’s error shape', async () => {
    const details = [{ path: 'file', message: 'Zu groß', code: 'tooLarge' }];
    fetchMock.mockReturnValueOnce(
      fetchAnswer(413, { statusCode: 413, code: 'payload_too_large', message: 'x', details }),
    );
    const error = await upload().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(WhitelistImportError);
    expect(error).toMatchObject({ statusCode: 413, code: 'payload_too_large', details });
  });

  it.each([
    ['no JSON', null],
    ['an unknown code', { statusCode: 413, code: 'too_big', message: 'x' }],
  ])('calls a refusal with %s internal', async (_name, body) => {
    fetchMock.mockReturnValueOnce(fetchAnswer(413, body));
    await expect(upload()).rejects.toMatchObject({ statusCode: 413, code: 'internal', details: [] });
  });

  it('checks the report with its schema', async () => {
    fetchMock.mockReturnValueOnce(fetchAnswer(200, { accountId: ACCOUNT, rows: 1 }));
    await expect(upload()).rejects.toThrow(/invalid|expected/i);
  });
});
