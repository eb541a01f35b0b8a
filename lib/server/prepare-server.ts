import 'server-only';
import { getEnv } from '@/lib/env';
import { getDb } from './db/client';

export async function prepareServer(): Promise<void> {
  // Invalid configuration stops the start with a clear list of what is wrong.
  getEnv();
  try {
    await getDb();
  } catch (error) {
    console.error('[db] start-up failed; the next request will try again', error);
  }
}
