/** @jest-environment node */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { ROUTES, matchRoute, type Guard } from './route-table';

const APP_DIR = path.join(__dirname, '..', '..', 'app');

/** Every page.tsx under app/, as a route pattern: route groups dropped, trailing slash added. */
function pagePatterns(dir = APP_DIR, segments: string[] = []): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (entry === 'api' || entry.startsWith('_')) continue;
      const isGroup = /^\(.*\)$/.test(entry);
      found.push(...pagePatterns(full, isGroup ? segments : [...segments, entry]));
    } else if (entry === 'page.tsx') {
      found.push(segments.length ? `/${segments.join('/')}/` : '/');
    }
  }
  return found;
}

const GUARDS: readonly Guard[] = ['public', 'guest', 'auth'];

describe('route table', () => {
  const pages = pagePatterns();

  it('has a rule for every page', () => {
    const patterns = ROUTES.map((rule) => rule.pattern as string);
    expect(pages.filter((page) => !patterns.includes(page))).toEqual([]);
  });

  it('has a page for every rule', () => {
    expect(ROUTES.map((rule) => rule.pattern as string).filter((pattern) => !pages.includes(pattern))).toEqual([]);
  });

  it('names only guards that exist', () => {
    // The type already refuses others; this catches a rule forced past it with a cast.
    for (const rule of ROUTES) expect(GUARDS).toContain(rule.guard);
  });

  it('has no duplicate patterns', () => {
    const patterns = ROUTES.map((rule) => rule.pattern);
    expect(new Set(patterns).size).toBe(patterns.length);
  });

  it('matches paths with and without the trailing slash, static before dynamic', () => {
    expect(matchRoute('/login/')?.guard).toBe('guest');
    expect(matchRoute('/login')?.guard).toBe('guest');
    expect(matchRoute('/')?.guard).toBe('auth');
    expect(matchRoute('/does-not-exist/')).toBeUndefined();
  });
});
