import type { NextConfig } from 'next';
import { PHASE_PRODUCTION_SERVER } from 'next/constants.js';

const securityHeaders = [
  { key: 'X-Content-Type-Options', value: 'nosniff' },
  { key: 'X-Frame-Options', value: 'DENY' },
  { key: 'Referrer-Policy', value: 'strict-origin-when-cross-origin' },
  { key: 'Permissions-Policy', value: 'camera=(), microphone=(), geolocation=()' },
];

const nextConfig: NextConfig = {
  trailingSlash: true,
  // The API answers its paths with and without the trailing slash (openapi.json lists them without,
  // and a generated client need not follow redirects); middleware.ts redirects pages as Next would.
  skipTrailingSlashRedirect: true,
  poweredByHeader: false,
  // `.next/standalone`: the server with only the node_modules it needs, for the container image
  // (Dockerfile; docs/operations.md "Deploying"). `npm start` and `npm run serve` still serve `.next`.
  output: 'standalone',
  // Files the server reads at run time by a path Next's tracing cannot follow (process.cwd()).
  outputFileTracingIncludes: {
    '/*': ['./lib/server/db/migrations/**/*', './lib/server/auth/common-passwords.txt'],
  },
  reactStrictMode: true,
  // Native and WASM packages must be loaded by Node, not bundled, or every database call fails.
  // The OpenTelemetry SDK is loaded from node_modules only when tracing is on (one copy of its API for
  // every bundle and for Next's own spans; protobufjs in the OTLP exporter is not for bundling).
  serverExternalPackages: [
    '@electric-sql/pglite',
    '@node-rs/argon2',
    'prom-client',
    'exceljs',
    '@opentelemetry/api',
    '@opentelemetry/sdk-trace-node',
    '@opentelemetry/sdk-trace-base',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/exporter-trace-otlp-proto',
    '@opentelemetry/resources',
    '@opentelemetry/semantic-conventions',
  ],
  // The typecheck runs as its own step of `npm test`; the build need not repeat it (Next 16 no longer lints).
  typescript: { ignoreBuildErrors: true },
  // Not `experimental.inlineCss`: Next 16.4 puts each inlined stylesheet into the HTML three times
  // (the <style> and twice in the RSC payload), on every page load (docs/performance.md#css).

  // app/bootstrap.scss: Bootstrap 5.3's Sass uses @import and Sass's global functions, which Dart Sass deprecates:
  // its warnings (hundreds per build) say nothing about this app.
  sassOptions: { quietDeps: true, silenceDeprecations: ['import', 'global-builtin', 'color-functions'] },
  turbopack: {
    // Only zod imports this request (checked with grep over node_modules): its locale barrel,
    // which the browser gets as German and English only (see lib/schemas/zod-browser-locales.ts).
    resolveAlias: { '../locales/index.js': { browser: './lib/schemas/zod-browser-locales.ts' } },
  },
  async headers() {
    return [
      { source: '/:path*', headers: securityHeaders },
      // The document page previews PDFs and images in a frame of its own origin (the file's own
      // answer carries a CSP sandbox and frame-ancestors 'self').
      {
        source: '/api/ui/documents/:id/versions/:n/content/',
        headers: [{ key: 'X-Frame-Options', value: 'SAMEORIGIN' }],
      },
    ];
  },
};

/**
 * next-intl's plugin only where something is compiled: importing next-intl/plugin loads @swc/core and
 * @parcel/watcher for its message extractor (resident memory for nothing), and what the plugin adds (an alias for
 * lib/i18n/request.ts, the precompiled messages and their formatter, env values) is compiled into the
 * bundles, so the production server does not need it. `scripts/server.mjs` does not read this file at
 * all: it hands Next the configuration the build serialised, so
 * TypeScript here costs the server no SWC binding either (`next start` still transpiles it).
 */
export default async function config(phase: string): Promise<NextConfig> {
  if (phase === PHASE_PRODUCTION_SERVER) return nextConfig;
  const { default: createNextIntlPlugin } = await import('next-intl/plugin');
  return createNextIntlPlugin({
    requestConfig: './lib/i18n/request.ts',
    // Messages are compiled at build time, so the browser formats them without an ICU parser
    // (intl-messageformat would ship with every page).
    experimental: {
      messages: { path: './lib/i18n/messages', format: 'json', locales: ['de', 'en'], precompile: true },
    },
  })(nextConfig);
}
