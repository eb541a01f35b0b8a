import nextCoreWebVitals from 'eslint-config-next/core-web-vitals';
import nextTypescript from 'eslint-config-next/typescript';
import prettier from 'eslint-config-prettier';

/** The UI is a client of the benefits API and the API a server: neither may reach into the other (STYLE.md). */
const UI = [
  './app/(app)/**',
  './app/(public)/**',
  './app/auth/**',
  './app/api/auth/**',
  './app/api/ui/**',
  './app/*.tsx',
  './components/**',
  // Every module of the API client but the one bridge below (and its test).
  './lib/api-client/!(in-process-transport|in-process-transport.test).ts',
  './lib/auth/**',
  './lib/i18n/**',
  './lib/errors/**',
  './lib/navigation.ts',
  './middleware.ts',
];
const SERVER = ['./lib/server/**', './app/api/v1/**'];

const config = [
  {
    ignores: ['.next/**', 'node_modules/**', 'data/**', 'test-results/**', 'playwright-report/**', 'next-env.d.ts'],
  },
  ...nextCoreWebVitals,
  ...nextTypescript,
  {
    rules: {
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              // app/ is built from lib/, never the other way: the API's handlers live in
              // lib/server/http/endpoints and the route files re-export them.
              target: './lib',
              from: './app',
              message: 'lib/ never imports app/: move what both need into lib/.',
            },
            ...UI.map((target) => ({
              target,
              from: './lib/server',
              message: 'UI code talks to the benefits API over HTTP (lib/api-client), never to lib/server.',
            })),
            {
              // The bridge of the in-process transport may import the dispatcher and nothing else of the API.
              target: './lib/api-client/in-process-transport?(.test).ts',
              from: './lib/server',
              except: ['./http/dispatch.ts'],
              message: 'The in-process transport reaches the API only through lib/server/http/dispatch.ts.',
            },
            ...SERVER.map((target) => ({
              target,
              from: ['./components', './lib/api-client', './lib/auth', './app/(app)', './app/(public)'],
              message: 'The API must not depend on UI code.',
            })),
            // The message catalogue's texts are data both halves share (CSV headers, labels by code).
            ...SERVER.map((target) => ({
              target,
              from: './lib/i18n',
              except: ['./messages'],
              message: 'The API may read the message catalogue (lib/i18n/messages), not the UI’s i18n code.',
            })),
          ],
        },
      ],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': ['error', { allow: ['warn', 'error', 'info', 'log'] }],
    },
  },
  {
    // Code that may run in the browser takes Zod from lib/schemas/zod (CSP-safe parsing there).
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'middleware.ts'],
    ignores: ['app/api/v1/**', 'lib/server/**', 'lib/schemas/zod.ts', 'lib/env.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: "Import z from '@/lib/schemas/zod' (browser parsing without eval, for the CSP).",
              allowTypeImports: true,
            },
            {
              name: 'next/dynamic',
              message:
                "Use clientOnly from '@/components/ui/client-only': next/dynamic's loader runtime weighs on every page (issue 30).",
            },
          ],
          patterns: [
            {
              group: ['**/api-problem-text'],
              message:
                "The API's error texts load with the first refusal: use useLazyApiProblemText (use-lazy-api-problem-text.ts) (issue 30).",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright fixtures call their `use` callback, which is not React's hook.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
  prettier,
];

export default config;
