import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { HydrationMark } from './hydration-mark';

describe('HydrationMark', () => {
  afterEach(() => {
    delete document.documentElement.dataset.hydrated;
  });

  it('marks <html> only once React has hydrated the server’s markup', async () => {
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <p>
        Seite
        <HydrationMark />
      </p>,
    );
    document.body.append(container);
    expect(document.documentElement.dataset.hydrated).toBeUndefined();

    await act(async () => {
      hydrateRoot(
        container,
        <p>
          Seite
          <HydrationMark />
        </p>,
      );
    });
    expect(document.documentElement.dataset.hydrated).toBe('true');
    container.remove();
  });
});
