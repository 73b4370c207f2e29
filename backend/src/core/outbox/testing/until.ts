/** Polls `read` until `done` holds (every 25 ms, at most `ms`); answers that value, or fails with the last one. */
export async function until<T>(read: () => Promise<T> | T, done: (value: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${ms} ms: ${JSON.stringify(value)?.slice(0, 500)}`);
    await sleep(25);
  }
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
