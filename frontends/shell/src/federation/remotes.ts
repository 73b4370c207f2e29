import { AREA_LABELS } from '../messages';

export type RemoteName = keyof typeof AREA_LABELS;

export const REMOTE_NAMES: readonly RemoteName[] = ['orders', 'masterdata', 'admin', 'profile'];

/** Route ownership of the remotes (ARCHITECTURE.md "Frontends"): path prefixes, first match wins. */
const OWNERSHIP: ReadonlyArray<{ remote: RemoteName; match: (path: string) => boolean }> = [
  { remote: 'orders', match: (p) => /^\/patient\/[^/]+\/auftraege(\/|$)/.test(p) },
  {
    remote: 'orders',
    match: (p) => ['/anforderung', '/v3/anforderung', '/abholauftraege', '/v3/abholauftraege'].some((x) => p.startsWith(x)),
  },
  {
    remote: 'masterdata',
    match: (p) =>
      ['/patient', '/aerzte', '/arzt', '/v3/arztpraxis', '/einrichtung', '/pflegeeinrichtung', '/v3/medikamente'].some((x) =>
        p.startsWith(x),
      ),
  },
  {
    remote: 'admin',
    match: (p) => ['/nutzer', '/v3/nutzer', '/v3/acl', '/v3/termine', '/einstellungen'].some((x) => p.startsWith(x)),
  },
  { remote: 'profile', match: (p) => p === '/profil' || p.startsWith('/profil/') },
];

/** The remote that owns a path, or null. */
export function remoteForPath(pathname: string): RemoteName | null {
  return OWNERSHIP.find((o) => o.match(pathname))?.remote ?? null;
}

export type RemoteManifestMap = Partial<Record<RemoteName, string>>;

/** Reads /remotes.json; an unreachable file leaves every remote unregistered (each shows its panel). */
export async function fetchRemoteManifests(url = '/remotes.json'): Promise<RemoteManifestMap> {
  try {
    const res = await fetch(url, { cache: 'no-store' });
    if (!res.ok) return {};
    const body = (await res.json()) as Record<string, unknown>;
    const out: RemoteManifestMap = {};
    for (const name of REMOTE_NAMES) {
      const entry = body[name];
      if (typeof entry === 'string' && entry) out[name] = entry;
    }
    return out;
  } catch {
    return {};
  }
}
