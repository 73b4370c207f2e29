/**
 * A minimal localStorage for the specs that run in Node's environment (the auth store reads the
 * signed-in record there): install once at the top of the spec, clear between tests.
 */
export function installNodeStorage(): { clear: () => void } {
  const items = new Map<string, string>();
  Object.assign(globalThis, {
    localStorage: {
      getItem: (k: string) => items.get(k) ?? null,
      setItem: (k: string, v: string) => void items.set(k, v),
      removeItem: (k: string) => void items.delete(k),
      clear: () => items.clear(),
    },
  });
  return { clear: () => items.clear() };
}
