/**
 * `npm run lint` runs this after ESLint: no module may depend on itself through others. ESLint's
 * `import/no-cycle` skips `import type` by design, and each of the four cycles this found had such
 * an edge (it reported none of them, and doubled the lint's time); dependency-cruiser counts type
 * imports and `import()` as edges like any other.
 * @type {import('dependency-cruiser').IConfiguration}
 */
const config = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: move what both sides need into the module that owns it.',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(\\.next|node_modules|data|test-results|playwright-report)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};

export default config;
