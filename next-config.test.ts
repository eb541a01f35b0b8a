/**
 * @jest-environment node
 */
import { PHASE_PRODUCTION_BUILD, PHASE_PRODUCTION_SERVER } from 'next/constants.js';
import config from './next.config';

describe('next.config.ts', () => {
  it('leaves next-intl’s build plugin out of the production server', async () => {
    const served = await config(PHASE_PRODUCTION_SERVER);
    expect(served.trailingSlash).toBe(true);
    expect(JSON.stringify(served.turbopack?.resolveAlias ?? {})).not.toContain('next-intl');
  });

  it('compiles the messages with next-intl’s plugin when building', async () => {
    const built = await config(PHASE_PRODUCTION_BUILD);
    expect(built.trailingSlash).toBe(true);
    expect(JSON.stringify(built.turbopack?.resolveAlias ?? {})).toContain('next-intl');
  });
});
