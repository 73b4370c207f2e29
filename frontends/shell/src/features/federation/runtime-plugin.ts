import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

export interface RemoteResiliencePluginOptions {
  /** Extra attempts for a failed manifest request (network errors and 5xx). */
  retries?: number;
  /** Delay before the first retry; doubles each time. */
  delayMs?: number;
  /** Module handed to the caller instead of throwing when a remote cannot be loaded (`id`: "orders/App"). */
  fallback: (remoteName: string, error: unknown, id: string) => Promise<unknown> | unknown;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Two of the three isolation layers (STYLE.md 23): retrying the remote's manifest on network
 * failure, and an `errorLoadRemote` fallback module so that one remote down never blanks the
 * shell. The third layer is the error boundary around each remote route.
 */
export function remoteResiliencePlugin(options: RemoteResiliencePluginOptions): ModuleFederationRuntimePlugin {
  const { retries = 2, delayMs = 300, fallback } = options;
  return {
    name: 'mediport-remote-resilience',
    async fetch(url, init) {
      let lastError: unknown;
      for (let attempt = 0; attempt <= retries; attempt++) {
        if (attempt > 0) await wait(delayMs * 2 ** (attempt - 1));
        try {
          const res = await globalThis.fetch(url, init);
          if (res.status < 500) return res;
          lastError = new Error(`HTTP ${res.status} for ${url}`);
        } catch (e) {
          lastError = e;
        }
      }
      throw lastError;
    },
    async errorLoadRemote(args) {
      if (args.lifecycle !== 'onLoad') return undefined;
      const name = args.remote?.name ?? args.id.split('/')[0] ?? args.id;
      return fallback(name, args.error, args.id);
    },
  };
}
