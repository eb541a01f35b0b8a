/** @jest-environment node */
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import { createLogger, observability } from './index';

/** The lines a logger wrote, as written. */
function capture() {
  const written: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      written.push(chunk.toString());
      done();
    },
  });
  return { written, stream };
}

const SECRETS = {
  password: 'hunter2-password',
  token: 'eyJ-token',
  headers: { cookie: 'next-auth.session-token=cookievalue', authorization: 'Bearer xyz' },
  body: 'Hallo Erika, Ihr Link: https://example.com/reset?token=1',
  user: { password: 'nested-password', totp: '123456' },
};
const FORGED = 'wrong password\n{"level":30,"msg":"forged"}';

describe('the logger', () => {
  afterEach(() => {
    delete process.env.LOG_FORMAT;
  });

  it('writes one JSON line with the request id of the context, never a secret, never a raw newline', () => {
    const { written, stream } = capture();
    const logger = createLogger(stream);
    observability().context.run({ requestId: 'lb-1:abc' }, () => logger.warn(SECRETS, FORGED));
    expect(written).toHaveLength(1);
    const [line] = written;
    expect(line!.trimEnd()).not.toContain('\n');
    const entry = JSON.parse(line!) as Record<string, unknown>;
    expect(entry).toMatchObject({ requestId: 'lb-1:abc', msg: FORGED, level: 40 });
    expect(typeof entry.time).toBe('string');
    for (const value of [
      'hunter2-password',
      'eyJ-token',
      'cookievalue',
      'xyz',
      'Hallo Erika',
      'nested-password',
      '123456',
    ]) {
      expect(line).not.toContain(value);
    }
  });

  it('without a request has no request id', () => {
    const { written, stream } = capture();
    createLogger(stream).info('[server] listening');
    expect(JSON.parse(written[0]!)).not.toHaveProperty('requestId');
  });

  it('with LOG_FORMAT=pretty writes one line per entry for people, the secrets redacted too', () => {
    process.env.LOG_FORMAT = 'pretty';
    jest.isolateModules(() => {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh getEnv() that reads LOG_FORMAT
      const fresh = require('./index') as typeof import('./index');
      const { written, stream } = capture();
      fresh.observability().context.run({ requestId: 'r-2' }, () => fresh.createLogger(stream).warn(SECRETS, FORGED));
      const text = written.join('');
      expect(text.trimEnd().split('\n')).toHaveLength(1);
      expect(text).toContain('r-2');
      expect(text).toContain('wrong password\\n');
      expect(text).not.toContain('hunter2-password');
      expect(text).not.toContain('Bearer xyz');
      // A stack, too, stays on the entry's line.
      written.length = 0;
      fresh.createLogger(stream).error({ err: new Error('boom') }, '[api] unhandled error');
      expect(written.join('').trimEnd().split('\n')).toHaveLength(1);
    });
  });

  it('logs a failed statement without its values: names and addresses stay out of the log', () => {
    const statement = 'insert into "users" ("email", "last_name") values ($1, $2), ($3, $4)';
    const values = ['erika.muster@example.com', 'Muster', 'max@example.com', 'Beispiel: GmbH'];
    const failed = new DrizzleQueryError(
      statement,
      values,
      new Error('duplicate key value violates unique constraint'),
    );
    const wrapped = new Error('import failed', { cause: failed });
    for (const format of ['json', 'pretty']) {
      if (format === 'pretty') process.env.LOG_FORMAT = 'pretty';
      jest.isolateModules(() => {
        // eslint-disable-next-line @typescript-eslint/no-require-imports -- a fresh getEnv() that reads LOG_FORMAT
        const fresh = require('./index') as typeof import('./index');
        const { written, stream } = capture();
        const logger = fresh.createLogger(stream);
        logger.error({ err: failed }, '[api] unhandled error');
        logger.error({ err: wrapped }, '[api] unhandled error');
        const text = written.join('');
        expect(text).toContain('insert into');
        expect(text).toContain('duplicate key value');
        expect(text).toContain('[redacted]');
        for (const value of ['erika.muster', 'Muster,', 'max@example.com', 'Beispiel'])
          expect(text).not.toContain(value);
      });
    }
  });
});
