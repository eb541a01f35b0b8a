/** @jest-config-loader esbuild-register */
import type { Config } from 'jest';
import nextJest from 'next/jest.js';

// next/jest loads next.config.ts and .env files and compiles TypeScript/JSX with SWC, as the build does.
const createJestConfig = nextJest({ dir: './' });

const config: Config = {
  // Component tests need a DOM; server tests opt out with a `@jest-environment node` docblock.
  testEnvironment: 'jsdom',
  // The form tests type through whole forms with user-event in jsdom: ~1–2 s each on a quiet machine,
  // but a machine whose two cores are also building can stretch one past Jest's default 5 s.
  testTimeout: 20_000,
  setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
  moduleNameMapper: {
    '^@/(.*)$': '<rootDir>/$1',
    // `server-only` throws outside a React server bundle; tests import server modules directly.
    '^server-only$': '<rootDir>/test-support/empty-module.js',
    // zod's single locale files (lib/format/zod-error-map.ts) resolve to ES modules for `require` too.
    '^zod/v4/locales/(.*)\\.js$': '<rootDir>/node_modules/zod/v4/locales/$1.cjs',
  },
  // Only `*.test.*` files: Jest's default would also pick up scripts/test.mjs.
  testMatch: ['**/__tests__/**/*.[jt]s?(x)', '**/*.test.[jt]s?(x)'],
  testPathIgnorePatterns: ['/node_modules/', '/.next/', '/e2e/'],
  modulePathIgnorePatterns: ['<rootDir>/.next/'],
};

// next-intl with its helpers, and jose, ship only ES modules: let SWC compile them like our own code.
const ESM_PACKAGES = ['next-intl', 'use-intl', 'icu-minify', 'intl-messageformat', '@formatjs', 'jose'];

export default async function jestConfig(): Promise<Config> {
  const resolved = await createJestConfig(config)();
  return {
    ...resolved,
    transformIgnorePatterns: [
      `/node_modules/(?!(${ESM_PACKAGES.join('|')})/)`,
      ...(resolved.transformIgnorePatterns ?? []).filter((pattern) => !pattern.includes('node_modules')),
    ],
  };
}
