import { guardBegin } from './guard-transactions';

const lost = () => Object.assign(new Error('write CONNECTION_CLOSED'), { code: 'CONNECTION_CLOSED' });
const refused = () => Object.assign(new Error('duplicate key'), { code: '23505', severity: 'ERROR' });

/** A `begin` whose attempts fail before the body (`failures`), then run it. */
function fakeBegin(failures: (() => Error)[]) {
  const calls: unknown[][] = [];
  const begin = async (...args: unknown[]) => {
    calls.push(args.slice(0, -1));
    const failure = failures.shift();
    if (failure) throw failure();
    const body = args.at(-1) as (sql: unknown) => Promise<unknown>;
    return body('sql');
  };
  return { begin, calls };
}

describe('guardBegin', () => {
  it('runs the body and answers its result', async () => {
    const { begin, calls } = fakeBegin([]);
    await expect(guardBegin(begin)(async (sql: unknown) => `ran with ${String(sql)}`)).resolves.toBe('ran with sql');
    expect(calls).toHaveLength(1);
  });

  it('begins once more when BEGIN met a dead connection: none of the write ran', async () => {
    const { begin, calls } = fakeBegin([lost]);
    const body = jest.fn(async () => 'written');
    await expect(guardBegin(begin)('isolation level serializable', body)).resolves.toBe('written');
    expect(body).toHaveBeenCalledTimes(1);
    // The options go with every attempt.
    expect(calls).toEqual([['isolation level serializable'], ['isolation level serializable']]);
  });

  it('passes every dead connection of the pool, but not without end', async () => {
    const passing = fakeBegin([lost, lost, lost]);
    await expect(guardBegin(passing.begin)(async () => 'written')).resolves.toBe('written');
    expect(passing.calls).toHaveLength(4);

    const { begin, calls } = fakeBegin([lost, lost, lost, lost, lost, lost]);
    await expect(guardBegin(begin)(async () => 'never')).rejects.toThrow('CONNECTION_CLOSED');
    expect(calls).toHaveLength(5);
  });

  it('begins again after a connect that timed out only once: each costs the connect timeout', async () => {
    const timedOut = () => Object.assign(new Error('write CONNECT_TIMEOUT'), { code: 'CONNECT_TIMEOUT' });
    const { begin, calls } = fakeBegin([timedOut, timedOut]);
    await expect(guardBegin(begin)(async () => 'never')).rejects.toThrow('CONNECT_TIMEOUT');
    expect(calls).toHaveLength(2);
  });

  it('does not repeat a transaction the server refused, nor one whose body ran', async () => {
    const refusing = fakeBegin([refused]);
    await expect(guardBegin(refusing.begin)(async () => 'never')).rejects.toThrow('duplicate key');
    expect(refusing.calls).toHaveLength(1);

    const { begin, calls } = fakeBegin([]);
    const body = jest.fn(async () => {
      throw refused();
    });
    await expect(guardBegin(begin)(body)).rejects.toThrow('duplicate key');
    expect(body).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
  });
});
