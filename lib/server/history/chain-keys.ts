import 'server-only';
import { getEnv } from '@/lib/env';
import { type ChainKeys, chainKeys, DEVELOPMENT_CHAIN_KEY } from './keyed';

/**
 * The keyed chain's keys (keyed.ts): AUDIT_CHAIN_KEY, required in production; elsewhere
 * (development, tests) a fixed development key stands in when it is unset.
 */
export function auditChainKeys(): ChainKeys {
  const env = getEnv();
  const key = env.AUDIT_CHAIN_KEY;
  if (!key && process.env.NODE_ENV === 'production') {
    throw new Error('AUDIT_CHAIN_KEY is not set (npm start creates one in DATA_DIR; ops must set it)');
  }
  return chainKeys(key ?? DEVELOPMENT_CHAIN_KEY, env.AUDIT_CHAIN_KEY_PREVIOUS ? [env.AUDIT_CHAIN_KEY_PREVIOUS] : []);
}

/**
 * Whether a start re-anchors the history (anchor.ts): only under a configured AUDIT_CHAIN_KEY (or in
 * `next dev`), so a `db:migrate` run without the key never seals the entries under the wrong one.
 */
export const anchorsAtStart = (): boolean =>
  Boolean(getEnv().AUDIT_CHAIN_KEY) || process.env.NODE_ENV === 'development';
