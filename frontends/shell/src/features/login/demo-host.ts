const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '::1', '[::1]']);

/** The demo table is shown only on a local or demo host (and only while the demo flag is on). */
export function isDemoHost(hostname: string): boolean {
  const h = hostname.toLowerCase();
  return LOCAL_HOSTS.has(h) || h.startsWith('demo.');
}
