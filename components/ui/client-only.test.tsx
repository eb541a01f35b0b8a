import { act, render, screen } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { clientOnly, useIsMounted } from './client-only';

function deferred<T>() {
  let resolve: (value: T) => void = () => {};
  const promise = new Promise<T>((res) => {
    resolve = res;
  });
  return { promise, resolve };
}

function Greeting({ name }: { name: string }) {
  return <p data-testid="greeting">Hallo {name}</p>;
}

describe('clientOnly', () => {
  it('loads the component when it is first rendered, then renders it with its props', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Lazy = clientOnly(load);
    expect(load).not.toHaveBeenCalled();
    render(<Lazy name="Anna" />);
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Hallo Anna');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows the fallback while the code loads, and loads it only once', async () => {
    const loading = deferred<typeof Greeting>();
    const load = jest.fn(() => loading.promise);
    const Lazy = clientOnly(load, { fallback: <span>lädt …</span> });
    const { rerender } = render(<Lazy name="Anna" />);
    expect(screen.getByText('lädt …')).toBeInTheDocument();
    rerender(<Lazy name="Ben" />);
    await act(async () => loading.resolve(Greeting));
    expect(screen.getByTestId('greeting')).toHaveTextContent('Hallo Ben');
    expect(screen.queryByText('lädt …')).not.toBeInTheDocument();
    render(<Lazy name="Cem" />);
    expect(await screen.findByText('Hallo Cem')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders only the fallback on the server, and hydrates that without a mismatch before loading', async () => {
    const load = jest.fn(() => Promise.resolve(Greeting));
    const Lazy = clientOnly(load, { fallback: <span data-testid="placeholder" /> });
    const ui = (
      <div>
        <Lazy name="Anna" />
      </div>
    );
    const html = renderToString(ui);
    expect(html).toBe('<div><span data-testid="placeholder"></span></div>');
    expect(load).not.toHaveBeenCalled();

    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.appendChild(container);
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(container, ui, { onRecoverableError: recoverable });
    });
    expect(await screen.findByTestId('greeting')).toHaveTextContent('Hallo Anna');
    expect(recoverable).not.toHaveBeenCalled();
    container.remove();
  });
});

describe('useIsMounted', () => {
  function Probe() {
    return <span data-testid="probe">{String(useIsMounted())}</span>;
  }

  it('is false on the server and true in the browser', () => {
    expect(renderToString(<Probe />)).toBe('<span data-testid="probe">false</span>');
    render(<Probe />);
    expect(screen.getByTestId('probe')).toHaveTextContent('true');
  });
});
