import { expect, test } from '../fixtures/auth';

/**
 * A list's table is in the page's first HTML, in place (issue 30): no loading boundary around the
 * list, so React 19.2 neither streams a skeleton first nor moves the finished table in later by
 * script (it does that to any boundary of more than 500 bytes once the page passes ~12.8 KB, even
 * when the data is ready, and then shows the table a frame to 300 ms later).
 */
const LISTS = ['/accounts/', '/benutzer/', '/dokumente/', '/freigaben/', '/historie/', '/tasks/', '/whitelist/'];

test('each list page sends its table inside <main>, with no pending boundary', async ({ page, signIn }) => {
  await signIn('admin');
  for (const path of LISTS) {
    const response = await page.request.get(path);
    expect(response.status(), path).toBe(200);
    const html = await response.text();
    const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
    expect(main, `${path}: <main> in the HTML`).toContain('<main');
    expect(main, `${path}: the table in place`).toMatch(/<table class="table[^"]*"/);
    // `<template id="B:n">` marks a boundary whose content comes later (a fallback shown meanwhile).
    expect(main, `${path}: a pending boundary`).not.toMatch(/<template id="B:/);
  }
});
