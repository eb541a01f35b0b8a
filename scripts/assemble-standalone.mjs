#!/usr/bin/env node
/**
 * `npm run standalone` (after `npm run build`): completes `.next/standalone` — the server with only
 * the node_modules it needs, which `output: 'standalone'` (next.config.ts) writes — into a folder
 * that runs on its own, as Next documents it: the browser assets (`.next/static`) and `public`
 * copied in, and our production server (scripts/server.mjs: request ids, metrics, draining
 * shutdown, the backup endpoint) with the backup and restore scripts. Then:
 *
 *   cd .next/standalone && node scripts/server.mjs
 *
 * The Dockerfile copies this folder into the image; a systemd deployment copies it to its place
 * (deploy/ems.service). With a folder as argument the result is copied there instead.
 */
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const standalone = path.join(root, '.next', 'standalone');
if (!existsSync(path.join(standalone, '.next', 'BUILD_ID'))) {
  console.error(
    `[standalone] ${standalone} has no build: run \`npm run build\` first (next.config.ts: output 'standalone').`,
  );
  process.exit(1);
}

rmSync(path.join(standalone, '.next', 'static'), { recursive: true, force: true });
cpSync(path.join(root, '.next', 'static'), path.join(standalone, '.next', 'static'), { recursive: true });
rmSync(path.join(standalone, 'public'), { recursive: true, force: true });
cpSync(path.join(root, 'public'), path.join(standalone, 'public'), { recursive: true });
mkdirSync(path.join(standalone, 'scripts'), { recursive: true });
for (const script of ['server.mjs', 'backup.mjs', 'restore.mjs']) {
  cpSync(path.join(root, 'scripts', script), path.join(standalone, 'scripts', script));
}

const target = process.argv[2] ? path.resolve(process.argv[2]) : standalone;
if (target !== standalone) {
  rmSync(target, { recursive: true, force: true });
  cpSync(standalone, target, { recursive: true, verbatimSymlinks: true });
}
console.log(`[standalone] ${target}: run \`node scripts/server.mjs\` in it`);
