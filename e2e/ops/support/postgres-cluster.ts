import { execFile, execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import postgres from 'postgres';

/**
 * A throw-away PostgreSQL server of the suite's own (initdb in a temp folder), so the tests can
 * stop and start it under load. Uses PG_BIN, else the newest /usr/lib/postgresql/<n>/bin, else
 * `pg_config --bindir`. PostgreSQL refuses to run as root: as root it runs as the user `postgres`.
 */
function findBinaries(): string {
  const candidates: string[] = [];
  if (process.env.PG_BIN) candidates.push(process.env.PG_BIN);
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql')
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  const pgConfig = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (pgConfig.status === 0) candidates.push(pgConfig.stdout.trim());
  const found = candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'postgres'].every((bin) => existsSync(path.join(dir, bin))),
  );
  if (!found) {
    throw new Error(
      'PostgreSQL server binaries (initdb, pg_ctl, postgres) not found. Install PostgreSQL (Debian: apt-get install postgresql) or set PG_BIN to their folder.',
    );
  }
  return found;
}

export class PostgresCluster {
  private constructor(
    readonly port: number,
    private readonly bin: string,
    private readonly dir: string,
    private readonly runAs: string | null,
  ) {}

  static async create(port: number): Promise<PostgresCluster> {
    const bin = findBinaries();
    const isRoot = process.getuid?.() === 0;
    const dir = mkdtempSync(path.join(tmpdir(), 'ebmt-ops-pg-'));
    if (isRoot) {
      const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      chownSync(dir, uid, gid);
    }
    chmodSync(dir, 0o700);
    const cluster = new PostgresCluster(port, bin, dir, isRoot ? 'postgres' : null);
    await cluster.run('initdb', ['-D', cluster.dataDir, '-U', 'postgres', '-A', 'trust', '--no-sync', '-E', 'UTF8']);
    await cluster.start();
    return cluster;
  }

  private get dataDir() {
    return path.join(this.dir, 'data');
  }

  /** Asynchronous, so that the load the tests put on the app goes on while it runs. */
  private run(binary: string, args: string[]): Promise<void> {
    const command = path.join(this.bin, binary);
    const [file, fileArgs] = this.runAs ? ['runuser', ['-u', this.runAs, '--', command, ...args]] : [command, args];
    return new Promise((resolve, reject) => {
      execFile(file, fileArgs, { cwd: this.dir }, (error, stdout, stderr) =>
        error
          ? reject(new Error(`${binary} ${args.join(' ')} failed: ${error.message}\n${stdout}\n${stderr}`))
          : resolve(),
      );
    });
  }

  /** The server's log so far; with `database`, only the lines its sessions wrote. */
  log(database?: string): string {
    const text = readFileSync(path.join(this.dir, 'server.log'), 'utf8');
    if (!database) return text;
    return text
      .split('\n')
      .filter((line) => line.includes(`db=${database}:`))
      .join('\n');
  }

  url(database = 'postgres') {
    return `postgres://postgres@127.0.0.1:${this.port}/${database}`;
  }

  async start() {
    const options = `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=50 -c log_line_prefix=%m[%p]db=%d:`;
    await this.run('pg_ctl', [
      '-D',
      this.dataDir,
      '-o',
      options,
      '-l',
      path.join(this.dir, 'server.log'),
      '-w',
      '-t',
      '30',
      'start',
    ]);
  }

  /** `fast`: what ops (and systemd) do — running sessions are terminated at once. */
  async stop() {
    await this.run('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', '-t', '30', 'stop']);
  }

  async sql<T extends Record<string, unknown>>(text: string, database = 'postgres'): Promise<T[]> {
    const client = postgres(this.url(database), { max: 1, onnotice: () => {} });
    try {
      return (await client.unsafe(text)) as unknown as T[];
    } finally {
      await client.end({ timeout: 1 });
    }
  }

  async destroy() {
    try {
      await this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
