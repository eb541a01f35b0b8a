import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What docs/docs.test.ts checks, as pure functions it can also test: the links of Markdown files
 * (GitHub's heading anchors included) and the environment variables the code reads.
 */

/** Markdown without fenced code blocks and inline code, whose brackets are not links. */
function withoutCode(markdown: string): string {
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/`[^`\n]*`/g, '');
}

/** Inline links and images `[text](target)` outside code, with their line numbers. */
export function markdownLinks(markdown: string): { target: string; line: number }[] {
  const links: { target: string; line: number }[] = [];
  // Blank the code out but keep the line breaks, so line numbers stay right.
  const text = markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) => block.replace(/[^\n]/g, ' '));
  text.split('\n').forEach((line, index) => {
    for (const match of line.replace(/`[^`]*`/g, '').matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      links.push({ target: match[1]!, line: index + 1 });
    }
  });
  return links;
}

/** GitHub's anchor for a heading's text (github-slugger): lower case, punctuation dropped, spaces → '-'. */
export function githubSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .replace(/[`*]/g, '')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file's headings give, duplicates numbered as GitHub numbers them. */
export function headingAnchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const match of withoutCode(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const slug = githubSlug(match[1]!);
    const count = seen.get(slug) ?? 0;
    anchors.add(count === 0 ? slug : `${slug}-${count}`);
    seen.set(slug, count + 1);
  }
  return anchors;
}

/** The broken links of one Markdown file: a missing file, or an anchor no heading of the target gives. */
export function brokenLinks(file: string, root: string): string[] {
  const markdown = readFileSync(file, 'utf8');
  const problems: string[] = [];
  for (const { target, line } of markdownLinks(markdown)) {
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue; // https:, mailto: — not checked offline
    const [pathPart = '', anchor] = target.split('#', 2);
    const resolved = pathPart ? path.resolve(path.dirname(file), decodeURIComponent(pathPart)) : file;
    const where = `${path.relative(root, file)}:${line} → ${target}`;
    let targetText: string;
    try {
      targetText = readFileSync(resolved, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EISDIR' && anchor === undefined) continue;
      problems.push(`${where}: no such file`);
      continue;
    }
    if (anchor === undefined) continue;
    if (!resolved.endsWith('.md')) problems.push(`${where}: an anchor into a file that is not Markdown`);
    else if (!headingAnchors(targetText).has(decodeURIComponent(anchor))) problems.push(`${where}: no such heading`);
  }
  return problems;
}

const NAME = '[A-Z][A-Z0-9_]*';

/**
 * The environment variables a source file reads: `process.env.X`, `process.env['X']`, `env.X` and
 * `getEnv().X`, names destructured from `process.env`, and the names handed to a helper (or listed in
 * an array) that reads `process.env[name]`. A plain assignment `process.env.X = …` is no read.
 */
export function envNamesIn(source: string): Set<string> {
  const names = new Set<string>();
  const add = (name: string | undefined) => name && names.add(name);
  for (const match of source.matchAll(new RegExp(`process\\.env\\.(${NAME})\\b(?!\\s*=[^=])`, 'g'))) add(match[1]);
  for (const match of source.matchAll(new RegExp(`process\\.env\\[\\s*['"](${NAME})['"]\\s*\\]`, 'g'))) add(match[1]);
  for (const match of source.matchAll(new RegExp(`(?<![\\w$.])(?:env|getEnv\\(\\))\\.(${NAME})\\b`, 'g')))
    add(match[1]);
  for (const match of source.matchAll(/\{([^{}]*)\}\s*=\s*process\.env\b/g)) {
    for (const part of match[1]!.split(','))
      add(
        part
          .trim()
          .split(/[\s:=]/)[0]
          ?.match(new RegExp(`^${NAME}$`))?.[0],
      );
  }
  // A helper whose parameter indexes process.env: `function setting(name, …) { … process.env[name] … }`
  // or `const setting = (name, …) => … process.env[name]`; every `setting('X'` then reads X.
  const helper = /(?:function\s+([\w$]+)\s*\(\s*([\w$]+)|(?:const|let)\s+([\w$]+)\s*=\s*\(\s*([\w$]+)[^)]*\)\s*=>)/g;
  for (const match of source.matchAll(helper)) {
    const name = match[1] ?? match[3];
    const parameter = match[2] ?? match[4];
    const body = source.slice(match.index, match.index + 600);
    if (!name || !parameter || !body.includes(`process.env[${parameter}]`)) continue;
    for (const call of source.matchAll(new RegExp(`\\b${name.replace('$', '\\$')}\\(\\s*['"](${NAME})['"]`, 'g'))) {
      add(call[1]);
    }
  }
  // A list of names whose elements index process.env: `const NAMES = ['A', 'B']; NAMES.filter((n) => process.env[n])`.
  for (const match of source.matchAll(/(?:const|let)\s+([\w$]+)\s*=\s*\[([^\]]*)\]/g)) {
    const usedWithEnv = source.split('\n').some((line) => line.includes(`${match[1]}.`) && /process\.env\[/.test(line));
    if (!usedWithEnv) continue;
    for (const literal of match[2]!.matchAll(new RegExp(`['"](${NAME})['"]`, 'g'))) add(literal[1]);
  }
  return names;
}

/** Names a plain assignment `process.env.X = …` sets: our own processes handing a value to themselves. */
export function envNamesAssignedIn(source: string): Set<string> {
  return new Set(Array.from(source.matchAll(new RegExp(`process\\.env\\.(${NAME})\\b\\s*=[^=]`, 'g')), (m) => m[1]!));
}

/** The keys of the zod object `envSchema` in lib/env.ts (read there through `Object.keys(envSchema.shape)`). */
export function envSchemaKeys(source: string): Set<string> {
  const start = source.indexOf('const envSchema = z.object({');
  if (start < 0) return new Set();
  const end = source.indexOf('\n});', start);
  const body = source.slice(start, end < 0 ? undefined : end);
  return new Set(Array.from(body.matchAll(new RegExp(`^ {2}(${NAME}):`, 'gm')), (m) => m[1]!));
}

/**
 * Which names must be documented: not the tests' and benchmarks' own (`E2E_…`, `BENCH_…`, `CI`), not
 * Next.js's (`NEXT_RUNTIME`, `__NEXT_…`), not what our own code assigns for itself.
 */
export function isDocumentedSetting(name: string, assigned: ReadonlySet<string>): boolean {
  if (/^(E2E_|BENCH_|CI$|CI_|__NEXT_)/.test(name) || name === 'NEXT_RUNTIME') return false;
  return !assigned.has(name);
}

/** Source files under the given folders (and root files), without tests. */
export function sourceFiles(root: string, entries: readonly string[]): string[] {
  const files: string[] = [];
  const visit = (relative: string) => {
    const full = path.join(root, relative);
    let children: string[];
    try {
      children = readdirSync(full);
    } catch {
      if (/\.(ts|tsx|mjs|cjs|js)$/.test(relative) && !/\.test\.[jt]sx?$/.test(relative)) files.push(full);
      return;
    }
    for (const child of children) if (child !== 'node_modules') visit(path.join(relative, child));
  };
  entries.forEach(visit);
  return files;
}

/** The variables named in the first column of the table under `## Environment variables`. */
export function envTableNames(markdown: string): Set<string> {
  const start = markdown.search(/^## Environment variables$/m);
  if (start < 0) return new Set();
  const rest = markdown.slice(start + 1);
  const next = rest.search(/^## /m);
  const section = next < 0 ? rest : rest.slice(0, next);
  const names = new Set<string>();
  for (const line of section.split('\n')) {
    if (!line.startsWith('|')) continue;
    const firstCell = line.split('|')[1] ?? '';
    for (const match of firstCell.matchAll(new RegExp(`\`(${NAME})\``, 'g'))) names.add(match[1]!);
  }
  return names;
}
