/**
 * The production build drops every CSS rule whose classes no source file names (issue 30): PurgeCSS
 * reads the app's sources and messages for the words in them and keeps a rule only when each class
 * of its selector is one of those words. Bootstrap's Sass subset (app/bootstrap.scss) still compiles
 * whole components; this leaves the parts the app renders (sizes: docs/performance.md#css).
 *
 * A class that appears in no source as a whole word must be kept by name below: those made up at
 * run time (`text-bg-${variant}`, `alert-${tone}`, `btn-${size}`) and those react-bootstrap's
 * components add themselves (Modal, Tooltip, Popover, Spinner, Button variants). Added a class built
 * from parts? Add its prefix here. `next dev` does not purge, so a missing one shows only in a build:
 * e2e/tests/css-classes.spec.ts fails when a page or dialog carries a Bootstrap class that no loaded
 * stylesheet defines.
 */
const purge = [
  '@fullhuman/postcss-purgecss',
  {
    content: ['./app/**/*.{ts,tsx}', './components/**/*.{ts,tsx}', './lib/**/*.{ts,tsx}', './lib/i18n/messages/*.json'],
    // Test files name classes to find elements, not to style them.
    skippedContentGlobs: ['**/*.test.ts', '**/*.test.tsx'],
    safelist: {
      standard: [
        /^text-bg-/,
        /^alert-/,
        // react-bootstrap's Button and Modal (`variant`, `confirmVariant`, the close button); `btn-${size}`.
        /^btn-(primary|secondary|success|danger|warning|outline-secondary|close|sm|lg)$/,
        /^modal/,
        /^fade$/,
        /^show$/,
        /^showing$/,
        /^tooltip/,
        /^bs-tooltip/,
        /^popover/,
        /^bs-popover/,
        /^spinner-border/,
      ],
    },
  },
];

const config = { plugins: process.env.NODE_ENV === 'production' ? [purge] : [] };

export default config;
