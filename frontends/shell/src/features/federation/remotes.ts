/**
 * One remote of `/remotes.json`: the URL of its mf-manifest.json, and the permission a user needs
 * for the shell to load it at start (none: every signed-in user). A plain URL string is accepted too.
 */
export interface RemoteEntry {
  entry: string;
  permission: string | null;
}

/** Remote name → its entry, as `/remotes.json` lists them. */
export type RemoteEntries = Record<string, RemoteEntry>;

/** Order of the remotes the suite ships (others listed in remotes.json follow by name). */
const PREFERRED_ORDER = ['orders', 'masterdata', 'admin', 'profile'];
const NAME = /^[a-z][a-z0-9_-]*$/i;

let registered: readonly string[] = [];

/** The remotes registered at start (index.ts), in a stable order. */
export function registeredRemotes(): readonly string[] {
  return registered;
}

export function setRegisteredRemotes(names: readonly string[]): void {
  registered = [...names];
}

function byPreferredOrder(a: string, b: string): number {
  const ia = PREFERRED_ORDER.indexOf(a);
  const ib = PREFERRED_ORDER.indexOf(b);
  if (ia !== ib) return (ia === -1 ? PREFERRED_ORDER.length : ia) - (ib === -1 ? PREFERRED_ORDER.length : ib);
  return a.localeCompare(b);
}

/** Reads /remotes.json; an unreachable file leaves every remote unregistered (each shows its panel). */
export async function fetchRemoteEntries(url = '/remotes.json'): Promise<RemoteEntries> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (!res.ok) return {};
    const body = (await res.json()) as Record<string, unknown>;
    const out: RemoteEntries = {};
    for (const name of Object.keys(body).filter((n) => NAME.test(n)).sort(byPreferredOrder)) {
      const entry = entryOf(body[name]);
      if (entry) out[name] = entry;
    }
    return out;
  } catch {
    return {};
  }
}

function entryOf(value: unknown): RemoteEntry | null {
  const e = (typeof value === 'string' ? { entry: value } : value) as Partial<RemoteEntry> | null;
  return typeof e?.entry === 'string' && e.entry ? { entry: e.entry, permission: e.permission || null } : null;
}
