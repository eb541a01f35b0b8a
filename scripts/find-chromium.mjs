import { spawnSync } from 'node:child_process';
import { accessSync, constants, existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';

const CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'];

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

function hasCommand(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/**
 * The Chromium the browser tests run in. Playwright's own browser download needs internet access
 * the CI machine does not have, so the system's Chromium is used: CHROMIUM_PATH if set, else the
 * Debian/Ubuntu package, installed on the spot when running as root with apt-get.
 */
export async function findChromium() {
  const configured = process.env.CHROMIUM_PATH;
  if (configured) {
    if (isExecutable(configured)) return configured;
    console.warn(`[find-chromium] CHROMIUM_PATH=${configured} is not an executable; looking elsewhere.`);
  }
  for (const candidate of CANDIDATES) {
    if (isExecutable(candidate)) return candidate;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (isRoot && hasCommand('apt-get')) {
    console.log('[find-chromium] Chromium not found; installing it with apt-get …');
    const install = spawnSync('sh', ['-c', 'apt-get update && apt-get install -y chromium'], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
    if (install.status === 0 && existsSync('/usr/bin/chromium')) return '/usr/bin/chromium';
    throw new Error('Installing Chromium with apt-get failed (see the output above).');
  }
  throw new Error(
    'No Chromium found for the browser tests. Install it (Debian/Ubuntu: `sudo apt-get install -y chromium`) ' +
      'or set CHROMIUM_PATH to a Chromium/Chrome executable.',
  );
}

// `node scripts/find-chromium.mjs` prints the path, handy in shell scripts.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  findChromium().then(
    (path) => console.log(path),
    (error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
