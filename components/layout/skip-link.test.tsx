import { fireEvent, render, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { MAIN_ID, SkipLink, SkipLinkView } from './skip-link';

describe('SkipLink', () => {
  it('links to main with the catalogue text, hidden until focused', () => {
    renderWithIntl(<SkipLink />);
    const link = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    expect(link).toHaveAttribute('href', `#${MAIN_ID}`);
    expect(link).toHaveClass('visually-hidden-focusable');
  });

  it('speaks English for English readers', () => {
    renderWithIntl(<SkipLink />, 'en');
    expect(screen.getByRole('link', { name: 'Skip to main content' })).toHaveAttribute('href', '#main');
  });

  it('following it focuses a main with tabIndex -1 (the layouts render one)', () => {
    render(
      <>
        <SkipLinkView label="Zum Inhalt springen" />
        <nav>
          <a href="/elsewhere/">Navigation</a>
        </nav>
        <main id={MAIN_ID} tabIndex={-1}>
          Inhalt
        </main>
      </>,
    );
    const main = screen.getByRole('main');
    // jsdom does not follow fragment links: the link's target is looked up as the browser does.
    const target = document.getElementById(
      screen.getByRole('link', { name: 'Zum Inhalt springen' }).getAttribute('href')!.slice(1),
    );
    expect(target).toBe(main);
    target!.focus();
    expect(document.activeElement).toBe(main);
    expect(main.tabIndex).toBe(-1);
  });

  it('a click focuses main without a history entry, so Back never lands on a page Next did not make', () => {
    render(
      <>
        <SkipLinkView label="Zum Inhalt springen" />
        <main id={MAIN_ID} tabIndex={-1}>
          Inhalt
        </main>
      </>,
    );
    const link = screen.getByRole('link', { name: 'Zum Inhalt springen' });
    const before = window.history.length;
    // fireEvent returns false when the handler called preventDefault (the browser follows no link).
    expect(fireEvent.click(link)).toBe(false);
    expect(document.activeElement).toBe(screen.getByRole('main'));
    expect(window.history.length).toBe(before);
    // A click that opens a new tab or window is the browser's.
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
  });
});
