import { createHash } from 'node:crypto';
import { realpath, rm } from 'node:fs/promises';
import { connect, createServer, type Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is Postgres for one process: a second process on the same folder writes the same files
 * unseen by the first, and the database breaks. (PGlite leaves its `postmaster.pid` behind after a
 * crash and opens the folder anyway, so that file cannot tell.) The process that opens the folder
 * therefore listens on a socket named after the folder's real path: on Linux in the abstract
 * namespace, which the kernel frees when the process ends however it ends, so a crash leaves no
 * stale lock; elsewhere as a socket file in the temp folder, which a probe tells live from stale.
 */
export class DataDirInUseError extends Error {
  readonly code = 'DATA_DIR_IN_USE';
  constructor(readonly dataDir: string) {
    super(
      `The embedded database ${dataDir} is open in another process (a server, npm run worker or a ` +
        'script): PGlite serves one process. Stop that process, give this one another DATA_DIR, or ' +
        'use PostgreSQL (DATABASE_URL) for several processes.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  release: () => Promise<void>;
}

/** The socket's address for a folder's real path: abstract on Linux, a file in the temp folder elsewhere. */
export function lockAddress(realDir: string, platform: NodeJS.Platform = process.platform): string {
  const hash = createHash('sha256').update(realDir).digest('hex').slice(0, 32);
  return platform === 'linux' ? `\0ebmt-pglite-${hash}` : path.join(os.tmpdir(), `ebmt-pglite-${hash}.sock`);
}

function listen(server: Server, address: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error) => {
      server.off('listening', onListening);
      reject(error);
    };
    const onListening = () => {
      server.off('error', onError);
      resolve();
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen(address);
  });
}

/** Whether a process answers on the socket file (else it is left over from one that ended). */
function isAnswered(address: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(address);
    socket.setTimeout(2_000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/**
 * Takes the folder for this process until `release()`, or throws DataDirInUseError when another
 * process holds it. The socket does not keep the process alive.
 */
export async function lockDataDir(dataDir: string, platform: NodeJS.Platform = process.platform): Promise<DataDirLock> {
  const realDir = await realpath(dataDir);
  const address = lockAddress(realDir, platform);
  const server = createServer((socket) => socket.end());
  try {
    await listen(server, address);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    // An abstract address is only ever taken by a live process; a file may be left over.
    if (address.startsWith('\0') || (await isAnswered(address))) throw new DataDirInUseError(realDir);
    await rm(address, { force: true });
    try {
      await listen(server, address);
    } catch (again) {
      if ((again as NodeJS.ErrnoException).code === 'EADDRINUSE') throw new DataDirInUseError(realDir);
      throw again;
    }
  }
  server.unref();
  let released = false;
  return {
    release: async () => {
      if (released) return;
      released = true;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
