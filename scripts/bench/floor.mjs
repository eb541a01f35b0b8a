/**
 * The framework's own floor (issue 30): a blank Next.js app — one layout, one page, no CSS, no
 * client component — built with the same `next`, `react` and `react-dom` as the app, in a
 * temporary folder, served by `next start`, and its first-load JavaScript counted exactly as the
 * app's routes are (payload.mjs). What a route ships beyond it is ours.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { firstLoadJs } from './payload.mjs';
import { findFreePort } from './proc.mjs';

const LAYOUT = `export default function RootLayout({ children }) {
  return (
    <html lang="de">
      <body>{children}</body>
    </html>
  );
}
`;
const PAGE = `export default function Page() {
  return <p>Leer</p>;
}
`;

const versionOf = (root, name) =>
  JSON.parse(readFileSync(path.join(root, 'node_modules', name, 'package.json'), 'utf8')).version;

/**
 * Builds the blank app in a temporary folder and serves it with `next start`; `measure(base, versions)`
 * measures it. The server stops and the folder goes, whatever `measure` does. `root` is the app whose
 * node_modules it borrows.
 */
export async function withFloorApp(root, measure, { log = console.log } = {}) {
  const versions = Object.fromEntries(['next', 'react', 'react-dom'].map((name) => [name, versionOf(root, name)]));
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ebmt-floor-'));
  let server = null;
  try {
    mkdirSync(path.join(dir, 'app'));
    writeFileSync(path.join(dir, 'app', 'layout.js'), LAYOUT);
    writeFileSync(path.join(dir, 'app', 'page.js'), PAGE);
    writeFileSync(
      path.join(dir, 'package.json'),
      `${JSON.stringify({ private: true, name: 'ebmt-floor', dependencies: versions }, null, 2)}\n`,
    );
    // Turbopack compiles nothing outside the app's root, so a symlink to our node_modules will not
    // do; hard links cost no copy (plain copy where the file system has none).
    const link = spawnSync('cp', ['-al', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
    if (link.status !== 0) {
      const copy = spawnSync('cp', ['-R', path.join(root, 'node_modules'), path.join(dir, 'node_modules')]);
      if (copy.status !== 0) throw new Error(`could not copy node_modules for the blank app: ${copy.stderr}`);
    }
    const env = { ...process.env, NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production' };
    delete env.NODE_OPTIONS;
    const next = path.join(dir, 'node_modules', 'next', 'dist', 'bin', 'next');
    log(`Blank Next.js ${versions.next} app (react ${versions.react}) in ${dir}: building …`);
    const build = spawnSync(process.execPath, [next, 'build'], { cwd: dir, env, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`the blank app's build failed:\n${build.stdout}\n${build.stderr}`);

    const port = await findFreePort(3900);
    server = spawn(process.execPath, [next, 'start', '-p', String(port), '-H', '127.0.0.1'], {
      cwd: dir,
      env,
      stdio: 'ignore',
    });
    const base = `http://127.0.0.1:${port}`;
    const deadline = Date.now() + 60_000;
    for (;;) {
      const status = await fetch(`${base}/`, { signal: AbortSignal.timeout(2_000) })
        .then((response) => response.status)
        .catch(() => 0);
      if (status === 200) break;
      if (Date.now() > deadline) throw new Error('the blank app did not answer within 60 s');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return await measure(base, versions);
  } finally {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Builds and measures the blank app: its first-load JavaScript, counted as the app's routes are. */
export async function measureFloor(root, options = {}) {
  return withFloorApp(root, async (base, versions) => ({ versions, ...(await firstLoadJs(base, '/', {})) }), options);
}

/**
 * The budget for what a route ships beyond the floor (issue 30): forms (new, edit, the CSV import, sign-in and the
 * e-mail links' forms, the profile) 25 KiB, every other page 15 KiB.
 */
export function budgetOf(route) {
  const form = /\/(neu|edit|neu\/import)\/$|^\/(login|pw-vergessen|pw-reset|aktivierung|bestaetigung|profil)\//.test(
    route,
  );
  return form ? { kind: 'form', kiB: 25 } : { kind: 'page', kiB: 15 };
}
