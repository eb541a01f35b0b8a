import { checkWhitelist } from '@/lib/api-client/whitelist';
import { normaliseEmail } from '@/lib/schemas/whitelist-normalise';

export type WhitelistCheckOutcome = { kind: 'invalid' } | { kind: 'checked'; allowed: boolean; accountCount: number };

/**
 * The whitelist check box's work, loaded when the box is first focused or used (issue 30): the
 * address normalised as the API does (punycode and all), then the portal's question asked.
 */
export async function runWhitelistCheck(text: string, signal: AbortSignal): Promise<WhitelistCheckOutcome> {
  const address = normaliseEmail(text);
  if (address === null) return { kind: 'invalid' };
  const answer = await checkWhitelist(address, signal);
  return { kind: 'checked', allowed: answer.allowed, accountCount: answer.accountIds.length };
}
