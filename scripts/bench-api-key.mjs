#!/usr/bin/env node
/**
 * `node scripts/bench-api-key.mjs` (issue 48): against a running server with the demo data
 * (BASE_URL, default http://127.0.0.1:3000), the portal's `GET /whitelist/check/` sent one after
 * the other with an administrator's session token and with a `whitelist.check` API key, in
 * alternating rounds of 100 after a warm-up; prints each round's p50 and the ratio (goal ≤ 1.2×).
 * It creates one key named `bench` (400 checks stay below the key's 600 a minute).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const base = `${process.env.BASE_URL ?? 'http://127.0.0.1:3000'}/api/v1`;
const demo = JSON.parse(readFileSync(path.join(root, 'lib/server/db/seed/demo-sign-ins.json'), 'utf8'));
const admin = demo.users.find((user) => user.role === 'admin');
const json = { 'content-type': 'application/json' };

const login = await fetch(`${base}/auth/login/`, {
  method: 'POST',
  headers: json,
  body: JSON.stringify({ email: admin.email, password: demo.password }),
});
if (!login.ok) throw new Error(`sign-in answered ${login.status}`);
const session = (await login.json()).id_token;
const created = await fetch(`${base}/api-keys/`, {
  method: 'POST',
  headers: { ...json, authorization: `Bearer ${session}` },
  body: JSON.stringify({ name: 'bench', scopes: ['whitelist.check'] }),
});
if (created.status !== 201) throw new Error(`creating the key answered ${created.status}`);
const key = (await created.json()).secret;
const url = `${base}/whitelist/check/?email=anna%40mueller-logistik.de`;

/** The median time of `count` checks with this token, one after the other. */
async function p50(token, count) {
  const times = [];
  for (let i = 0; i < count; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await response.text();
    if (response.status !== 200) throw new Error(`check answered ${response.status}`);
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

await p50(session, 50);
await p50(key, 50);
const rounds = [];
for (let round = 0; round < 3; round += 1) {
  const sessionMs = await p50(session, 100);
  const keyMs = await p50(key, 100);
  rounds.push({ sessionP50: sessionMs.toFixed(2), keyP50: keyMs.toFixed(2), ratio: (keyMs / sessionMs).toFixed(2) });
}
for (const round of rounds) {
  console.log(`session p50 ${round.sessionP50} ms · key p50 ${round.keyP50} ms · ratio ${round.ratio}`);
}
