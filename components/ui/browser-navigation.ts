/** A full page load, the browser's own way (its own module so that tests can stand in for it). */
export function loadPage(href: string, mode: 'push' | 'replace'): void {
  if (mode === 'push') window.location.assign(href);
  else window.location.replace(href);
}
