import { runScript, type ReservedConnection } from './run-script';

/** An error as postgres.js reports a statement the server refused (PostgresError carries `severity`). */
function refusal(message: string) {
  return Object.assign(new Error(message), { severity: 'ERROR', code: '22012' });
}

/** A reserved connection that records what it was sent; `fail` names the texts that fail. */
function connection(fail: (text: string) => boolean, error: (message: string) => Error = refusal) {
  const sent: string[] = [];
  let released = 0;
  const reserved: ReservedConnection = {
    unsafe(text: string) {
      sent.push(text);
      const answer = fail(text) ? Promise.reject(error(`failed: ${text}`)) : Promise.resolve([[], [{ ok: 1 }]]);
      answer.catch(() => undefined);
      return Object.assign(answer, { simple: () => answer });
    },
    release() {
      released += 1;
    },
  };
  return { reserved, sent, released: () => released };
}

describe('runScript', () => {
  it('answers the script and gives the connection back', async () => {
    const { reserved, sent, released } = connection(() => false);
    await expect(runScript(async () => reserved, 'begin; select 1; commit')).resolves.toEqual([[], [{ ok: 1 }]]);
    expect(sent).toEqual(['begin; select 1; commit']);
    expect(released()).toBe(1);
  });

  it('rolls a failed script back before the connection goes back to the pool', async () => {
    const { reserved, sent, released } = connection((text) => text.includes('1/0'));
    await expect(runScript(async () => reserved, 'begin; select 1/0; commit')).rejects.toThrow('failed');
    expect(sent).toEqual(['begin; select 1/0; commit', 'rollback']);
    expect(released()).toBe(1);
  });

  it('still gives the connection back (and the first error) when the rollback fails too', async () => {
    const { reserved, sent, released } = connection(() => true);
    await expect(runScript(async () => reserved, 'begin; x; commit')).rejects.toThrow('failed: begin; x; commit');
    expect(sent).toEqual(['begin; x; commit', 'rollback']);
    expect(released()).toBe(1);
  });

  it('sends no rollback over a connection that broke: it would connect again and wait while the server is down', async () => {
    const broken = (message: string) => Object.assign(new Error(message), { code: 'CONNECTION_CLOSED' });
    const { reserved, sent, released } = connection(() => true, broken);
    await expect(runScript(async () => reserved, 'begin; x; commit')).rejects.toThrow('failed');
    expect(sent).toEqual(['begin; x; commit']);
    expect(released()).toBe(1);
  });
});
