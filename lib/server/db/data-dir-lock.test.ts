import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { DataDirInUseError, lockAddress, lockDataDir } from './data-dir-lock';

const folders: string[] = [];
function folder(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'ebmt-lock-'));
  folders.push(dir);
  return dir;
}

afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** A process of its own that listens on `address` until killed; resolves once it listens. */
function holder(address: string) {
  const child = spawn(
    process.execPath,
    [
      '-e',
      `const a = Buffer.from(process.argv[1], 'hex').toString();
       require('node:net').createServer().listen(a, () => console.log('listening'));`,
      Buffer.from(address).toString('hex'),
    ],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  const listening = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`the holder exited with ${code}`)));
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { child, listening, exited };
}

describe('lockDataDir', () => {
  it('refuses a second hold of a folder until the first lets it go', async () => {
    const dir = folder();
    const first = await lockDataDir(dir);
    await expect(lockDataDir(dir)).rejects.toBeInstanceOf(DataDirInUseError);
    // Another folder is free.
    const other = await lockDataDir(folder());
    await other.release();
    await first.release();
    const again = await lockDataDir(dir);
    await again.release();
  });

  it('knows a folder by its real path, whatever the way to it', async () => {
    const dir = folder();
    const link = path.join(folder(), 'link');
    symlinkSync(dir, link);
    const first = await lockDataDir(dir);
    const refusal = await lockDataDir(link).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(DataDirInUseError);
    // The message names the folder and what to do, for the one line ops read.
    expect((refusal as Error).message).toContain(dir);
    expect((refusal as Error).message).toContain('DATA_DIR');
    await first.release();
  });

  it('on Linux: another process holds it while it lives, and the kernel frees it when it is killed', async () => {
    const dir = folder();
    const other = holder(lockAddress(dir, 'linux'));
    await other.listening;
    await expect(lockDataDir(dir, 'linux')).rejects.toBeInstanceOf(DataDirInUseError);
    other.child.kill('SIGKILL');
    await other.exited;
    const mine = await lockDataDir(dir, 'linux');
    await mine.release();
  });

  it('elsewhere: a socket file a live process answers on is held; one left over is taken', async () => {
    const dir = folder();
    const address = lockAddress(dir, 'darwin');
    expect(address.startsWith(tmpdir())).toBe(true);
    const other = holder(address);
    await other.listening;
    await expect(lockDataDir(dir, 'darwin')).rejects.toBeInstanceOf(DataDirInUseError);
    // Killed, it leaves its socket file behind: stale, so the next process takes the folder.
    other.child.kill('SIGKILL');
    await other.exited;
    const mine = await lockDataDir(dir, 'darwin');
    await mine.release();
    // Any other file in its place is left over too.
    writeFileSync(address, 'left over');
    const again = await lockDataDir(dir, 'darwin');
    await again.release();
  });
});
