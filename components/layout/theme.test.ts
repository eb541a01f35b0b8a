import { htmlThemeAttributes, readThemeChoice, showThemeChoice, subscribeToThemeChoice, THEME_SCRIPT } from './theme';

/**
 * A fresh page for each run of the script: its own document and a window whose
 * `prefers-color-scheme: dark` answer the test sets and changes (a script left behind by an earlier
 * test would otherwise keep observing the one shared document).
 */
function openPage(prefersDark: boolean) {
  const doc = document.implementation.createHTMLDocument('page');
  const listeners = new Set<() => void>();
  const media = {
    matches: prefersDark,
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
  };
  const events = new EventTarget();
  const win = {
    matchMedia: (query: string) => {
      expect(query).toBe('(prefers-color-scheme: dark)');
      return media;
    },
    addEventListener: events.addEventListener.bind(events),
  };
  const root = doc.documentElement;
  return {
    root,
    mode: () => root.getAttribute('data-bs-theme'),
    /** The server's render of <html>, then the inline script, as in the browser's first parse. */
    render(choice: 'light' | 'dark' | 'system') {
      for (const [name, value] of Object.entries(htmlThemeAttributes(choice))) root.setAttribute(name, value);
      new Function('document', 'window', THEME_SCRIPT)(doc, win);
    },
    systemChanges(next: boolean) {
      media.matches = next;
      for (const listener of listeners) listener();
    },
    print: (type: 'beforeprint' | 'afterprint') => events.dispatchEvent(new Event(type)),
  };
}

/** MutationObserver callbacks run as a microtask, before the browser would paint. */
const microtasks = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

describe('htmlThemeAttributes', () => {
  it('renders the choice, and the colour mode the server can know: dark for Dunkel, else light', () => {
    expect(htmlThemeAttributes('dark')).toEqual({ 'data-theme-choice': 'dark', 'data-bs-theme': 'dark' });
    expect(htmlThemeAttributes('light')).toEqual({ 'data-theme-choice': 'light', 'data-bs-theme': 'light' });
    expect(htmlThemeAttributes('system')).toEqual({ 'data-theme-choice': 'system', 'data-bs-theme': 'light' });
  });
});

describe('THEME_SCRIPT', () => {
  it('is small and needs nothing but the page (it runs inline, before any other script)', () => {
    expect(THEME_SCRIPT.length).toBeLessThan(800);
    expect(THEME_SCRIPT).not.toMatch(/require|import|<\/script/i);
  });

  it('turns "System" into the colour mode the system prefers before the first paint', () => {
    const dark = openPage(true);
    dark.render('system');
    expect(dark.mode()).toBe('dark');
    const light = openPage(false);
    light.render('system');
    expect(light.mode()).toBe('light');
  });

  it('keeps an explicit choice whatever the system prefers', () => {
    const page = openPage(true);
    page.render('light');
    expect(page.mode()).toBe('light');
    const other = openPage(false);
    other.render('dark');
    expect(other.mode()).toBe('dark');
  });

  it('follows the system while the page is open, only while the choice is "System"', async () => {
    const page = openPage(false);
    page.render('system');
    page.systemChanges(true);
    expect(page.mode()).toBe('dark');
    page.root.setAttribute('data-theme-choice', 'light');
    await microtasks();
    expect(page.mode()).toBe('light');
    page.systemChanges(false);
    page.systemChanges(true);
    expect(page.mode()).toBe('light');
  });

  it('applies a new choice at once, and corrects a colour mode written back from the server render', async () => {
    const page = openPage(true);
    page.render('dark');
    showThemeChoice('system', page.root);
    await microtasks();
    expect(page.mode()).toBe('dark');
    showThemeChoice('light', page.root);
    await microtasks();
    expect(page.mode()).toBe('light');
    showThemeChoice('system', page.root);
    await microtasks();
    // React renders the layout again after a refresh: "System" is light as far as the server knows.
    page.root.setAttribute('data-bs-theme', 'light');
    await microtasks();
    expect(page.mode()).toBe('dark');
  });

  it('prints light, and returns to the chosen mode afterwards', () => {
    const page = openPage(false);
    page.render('dark');
    page.print('beforeprint');
    expect(page.mode()).toBe('light');
    page.print('afterprint');
    expect(page.mode()).toBe('dark');
  });
});

describe('the choice on <html>', () => {
  const root = document.documentElement;
  afterEach(() => {
    root.removeAttribute('data-theme-choice');
    root.removeAttribute('data-bs-theme');
  });

  it('reads what the server rendered, or what was chosen since; anything unknown is "System"', () => {
    root.setAttribute('data-theme-choice', 'dark');
    expect(readThemeChoice()).toBe('dark');
    showThemeChoice('light');
    expect(readThemeChoice()).toBe('light');
    root.setAttribute('data-theme-choice', 'sepia');
    expect(readThemeChoice()).toBe('system');
    root.removeAttribute('data-theme-choice');
    expect(readThemeChoice()).toBe('system');
  });

  it('tells subscribers about a changed choice until they unsubscribe', async () => {
    const onChange = jest.fn();
    const unsubscribe = subscribeToThemeChoice(onChange);
    showThemeChoice('dark');
    await microtasks();
    expect(onChange).toHaveBeenCalledTimes(1);
    root.setAttribute('data-bs-theme', 'dark');
    await microtasks();
    expect(onChange).toHaveBeenCalledTimes(1);
    unsubscribe();
    showThemeChoice('light');
    await microtasks();
    expect(onChange).toHaveBeenCalledTimes(1);
  });
});
