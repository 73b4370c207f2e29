import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
import { Loader } from './loader';
import { useLoader } from './hooks/use-loader';

/** A promise whose settling the test decides. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Shown({ loader }: { loader: Loader<string> }) {
  const value = useLoader(loader);
  return <p>{value ?? 'lädt'}</p>;
}

class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };
  static getDerivedStateFromError(error: unknown) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Fehler: {String((this.state.error as Error).message)}</p> : this.props.children;
  }
}

describe('Loader', () => {
  it('loads once and shares the load between callers', async () => {
    const run = jest.fn(() => Promise.resolve('fertig'));
    const loader = new Loader(run);
    const [a, b] = await Promise.all([loader.load(), loader.load()]);
    expect([a, b]).toEqual(['fertig', 'fertig']);
    await loader.load();
    expect(run).toHaveBeenCalledTimes(1);
    expect(loader.current).toEqual({ status: 'ok', value: 'fertig' });
  });

  it('stays failed until reset, then loads again', async () => {
    const run = jest.fn().mockRejectedValueOnce(new Error('weg')).mockResolvedValueOnce('wieder da');
    const loader = new Loader<string>(run);
    loader.preload();
    await expect(loader.load()).rejects.toThrow('weg');
    await expect(loader.load()).rejects.toThrow('weg');
    expect(run).toHaveBeenCalledTimes(1);
    loader.reset();
    await expect(loader.load()).resolves.toBe('wieder da');
  });
});

describe('useLoader', () => {
  it('renders what a preloaded loader holds in the very first render (no fallback, no Suspense)', async () => {
    const loader = new Loader(() => Promise.resolve('Auftragsliste'));
    await loader.load();
    const renders: string[] = [];
    function Spy() {
      const value = useLoader(loader);
      renders.push(value ?? 'lädt');
      return <p>{value}</p>;
    }
    render(<Spy />);
    expect(renders[0]).toBe('Auftragsliste');
    expect(screen.getByText('Auftragsliste')).toBeInTheDocument();
  });

  it('shows the loading state, then the value once it arrives', async () => {
    const pending = deferred<string>();
    const loader = new Loader(() => pending.promise);
    render(<Shown loader={loader} />);
    expect(screen.getByText('lädt')).toBeInTheDocument();
    await act(async () => pending.resolve('Dashboard'));
    expect(screen.getByText('Dashboard')).toBeInTheDocument();
  });

  it('hands a failed load to the error boundary', async () => {
    const pending = deferred<string>();
    const loader = new Loader(() => pending.promise);
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    render(
      <Boundary>
        <Shown loader={loader} />
      </Boundary>,
    );
    await act(async () => pending.reject(new Error('Remote nicht erreichbar')));
    expect(screen.getByText('Fehler: Remote nicht erreichbar')).toBeInTheDocument();
  });
});
