import type { RemoteManifest } from '@mediport/contracts';

/**
 * How well a route pattern of a remote (RemoteManifest.routePrefixes) matches a path, or null.
 * Higher is more specific: path segments count first, then the pattern's length.
 */
export function matchScore(pattern: string, pathname: string): number | null {
  const open = pattern.endsWith('*');
  const want = (open ? pattern.slice(0, -1) : pattern).split('/').filter(Boolean);
  const have = pathname.split('/').filter(Boolean);
  if (have.length < want.length) return null;
  for (let i = 0; i < want.length; i++) {
    const w = want[i]!;
    const h = have[i]!;
    const last = i === want.length - 1;
    if (w.startsWith(':')) continue;
    if (open && last ? !h.startsWith(w) : h !== w) return null;
  }
  return want.length * 1000 + pattern.length;
}

/** The remote whose route patterns match the path most specifically, or null. */
export function ownerOf(pathname: string, manifests: readonly Pick<RemoteManifest, 'name' | 'routePrefixes'>[]): string | null {
  let best: { name: string; score: number } | null = null;
  for (const m of manifests) {
    for (const pattern of m.routePrefixes) {
      const score = matchScore(pattern, pathname);
      if (score !== null && (!best || score > best.score)) best = { name: m.name, score };
    }
  }
  return best?.name ?? null;
}
