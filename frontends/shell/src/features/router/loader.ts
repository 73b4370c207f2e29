// No runtime imports: index.ts uses loaders before the shared modules (react, …) are ready.

export type LoaderState<T> =
  | { status: 'idle' }
  | { status: 'loading'; promise: Promise<T> }
  | { status: 'ok'; value: T }
  | { status: 'failed'; error: unknown };

/**
 * Code (a chunk, a remote's module) loaded once and then known synchronously. Screens render it with
 * `useLoader` instead of React.lazy: a lazy component suspends on its first render even when its
 * chunk already arrived, and React then holds back revealing the page for up to 300 ms after the
 * Suspense fallback (its fallback throttle) — on a cold /anforderungen that held the whole signed-in
 * frame back by 150 ms with nothing to do.
 */
export class Loader<T> {
  private state: LoaderState<T> = { status: 'idle' };

  constructor(private readonly run: () => Promise<T>) {}

  /** Starts loading once (later calls share it); a failed load stays failed until `reset`. */
  load(): Promise<T> {
    const s = this.state;
    if (s.status === 'loading') return s.promise;
    if (s.status === 'ok') return Promise.resolve(s.value);
    if (s.status === 'failed') return Promise.reject(s.error);
    const promise = this.run();
    this.state = { status: 'loading', promise };
    promise.then(
      (value) => {
        this.state = { status: 'ok', value };
      },
      (error: unknown) => {
        this.state = { status: 'failed', error };
      },
    );
    return promise;
  }

  /** Starts loading and swallows a failure (shown later by the screen that needs the code). */
  preload(): void {
    this.load().catch(() => undefined);
  }

  get current(): LoaderState<T> {
    return this.state;
  }

  reset(): void {
    this.state = { status: 'idle' };
  }
}
