/**
 * @jest-environment node
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  brokenLinks,
  envNamesAssignedIn,
  envNamesIn,
  envSchemaKeys,
  envTableNames,
  githubSlug,
  headingAnchors,
  isDocumentedSetting,
  markdownLinks,
  sourceFiles,
} from '@/test-support/docs-checks';

/**
 * The README and docs/ stay true: every relative link and anchor resolves (offline, by GitHub's
 * heading slugs), and every environment variable the code reads is in docs/operations.md's table.
 * Read from the code: lib/, app/, components/, scripts/ and the root's modules, tests excluded; the
 * tests' and benchmarks' own variables (E2E_…, BENCH_…, CI) and Next's (NEXT_RUNTIME, __NEXT_…) are
 * left out, as are the ones our own code assigns for itself (process.env.X = …).
 */

const root = path.resolve(__dirname, '..');
const docs = readdirSync(path.join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => path.join(root, 'docs', name));
const markdownFiles = [path.join(root, 'README.md'), ...docs];
const SOURCES = [
  'lib',
  'app',
  'components',
  'scripts',
  'middleware.ts',
  'instrumentation.ts',
  'next.config.ts',
  'postcss.config.mjs',
];

/** Each variable the code reads, with the files that read it; `all` keeps the ones left out of the rule too. */
function variablesTheCodeReads({ all = false } = {}): Map<string, string[]> {
  const files = sourceFiles(root, SOURCES);
  const texts = files.map((file) => [file, readFileSync(file, 'utf8')] as const);
  const assigned = new Set(texts.flatMap(([, text]) => [...envNamesAssignedIn(text)]));
  const readers = new Map<string, string[]>();
  const note = (name: string, file: string) => {
    if (!all && !isDocumentedSetting(name, assigned)) return;
    readers.set(name, [...(readers.get(name) ?? []), path.relative(root, file)]);
  };
  for (const [file, text] of texts) {
    for (const name of envNamesIn(text)) note(name, file);
    if (file.endsWith(path.join('lib', 'env.ts'))) for (const name of envSchemaKeys(text)) note(name, file);
  }
  return readers;
}

describe('links in README.md and docs/', () => {
  it('resolve: every file exists and every anchor names a heading', () => {
    expect(markdownFiles.flatMap((file) => brokenLinks(file, root))).toEqual([]);
  });

  it('the README links every page of docs/', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const linked = new Set(markdownLinks(readme).map(({ target }) => target.split('#')[0]));
    expect(docs.map((file) => `docs/${path.basename(file)}`).filter((page) => !linked.has(page))).toEqual([]);
  });
});

describe('the link check itself', () => {
  it('makes anchors as GitHub does', () => {
    expect(githubSlug('Versions, ETag and If-Match')).toBe('versions-etag-and-if-match');
    expect(githubSlug('Why `middleware.ts` and not `proxy.ts`')).toBe('why-middlewarets-and-not-proxyts');
    expect(githubSlug('Lists: the descriptor')).toBe('lists-the-descriptor');
    expect(githubSlug('Personal data (GDPR)')).toBe('personal-data-gdpr');
    expect(githubSlug('Bäckerei & Söhne')).toBe('bäckerei--söhne');
    expect([...headingAnchors('# A\n\n## Tests\n\n```\n## not a heading\n```\n\n## Tests\n')]).toEqual([
      'a',
      'tests',
      'tests-1',
    ]);
  });

  it('finds links outside code only, with their lines', () => {
    const markdown = 'See [a](a.md#x) and `[b](b.md)`.\n\n```md\n[c](c.md)\n```\n![d](d.png "title")\n';
    expect(markdownLinks(markdown)).toEqual([
      { target: 'a.md#x', line: 1 },
      { target: 'd.png', line: 6 },
    ]);
  });
});

describe('environment variables', () => {
  it('every variable the code reads is in the table of docs/operations.md', () => {
    const documented = envTableNames(readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8'));
    const missing = [...variablesTheCodeReads()].filter(([name]) => !documented.has(name));
    expect(missing.map(([name, files]) => `${name} (read in ${files.join(', ')})`)).toEqual([]);
  });

  it('the table names no variable the code does not read', () => {
    const read = variablesTheCodeReads({ all: true });
    const documented = envTableNames(readFileSync(path.join(root, 'docs', 'operations.md'), 'utf8'));
    expect(documented.size).toBeGreaterThan(30);
    expect([...documented].filter((name) => !read.has(name))).toEqual([]);
  });

  it('the reading is found in every form the code uses, so a new variable cannot slip past', () => {
    const source = [
      "const a = process.env.NEW_SETTING ?? 'x';",
      "const b = process.env['QUOTED_SETTING'];",
      'process.env.HANDED_ON = "1";',
      "process.env.DEFAULTED ??= '1';",
      'const c = getEnv().FROM_SCHEMA; const d = env.FROM_ENV_OBJECT;',
      'const { DESTRUCTURED, OTHER: renamed } = process.env;',
      'function integerSetting(name, fallback) {',
      '  const raw = process.env[name];',
      '  return raw ?? fallback;',
      '}',
      "const port = integerSetting('VIA_HELPER', 3000);",
      "const SECRET_NAMES = ['LISTED_SECRET'];",
      'const missing = SECRET_NAMES.filter((name) => !process.env[name]);',
      "const other = somethingElse('NOT_A_SETTING');",
    ].join('\n');
    expect([...envNamesIn(source)].sort()).toEqual(
      [
        'DEFAULTED',
        'DESTRUCTURED',
        'FROM_ENV_OBJECT',
        'FROM_SCHEMA',
        'LISTED_SECRET',
        'NEW_SETTING',
        'OTHER',
        'QUOTED_SETTING',
        'VIA_HELPER',
      ].sort(),
    );
    expect([...envNamesAssignedIn(source)]).toEqual(['HANDED_ON']);
    expect([
      ...envSchemaKeys('const envSchema = z.object({\n  PORT: z.number(),\n  NEW_ONE: z.string(),\n});'),
    ]).toEqual(['PORT', 'NEW_ONE']);
    expect(
      ['E2E_PORT', 'BENCH_SCALE', 'CI', 'NEXT_RUNTIME', 'HANDED_ON', 'SMTP_URL'].filter((name) =>
        isDocumentedSetting(name, new Set(['HANDED_ON'])),
      ),
    ).toEqual(['SMTP_URL']);
  });
});
