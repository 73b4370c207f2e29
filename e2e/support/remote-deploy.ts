import { existsSync, readFileSync, renameSync, rmSync, symlinkSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';

/** Points a static host's folder at another build atomically: a new symlink renamed over the old one. */
export function repoint(link: string, target: string): void {
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(target, next, 'dir');
  renameSync(next, link);
}

const MIME: Record<string, string> = { '.js': 'text/javascript', '.json': 'application/json' };

/**
 * Serves a remote's files from `dist` to this page instead of the server's (without PostgreSQL no
 * second instance can run beside the suite's, one process per PGlite folder).
 */
export async function serveRemoteFromBrowser(page: Page, remote: string, dist: string): Promise<void> {
  await page.route(`**/remotes/${remote}/**`, async (route) => {
    const rel = decodeURIComponent(new URL(route.request().url()).pathname.replace(new RegExp(`^/remotes/${remote}/`), ''));
    const file = path.join(dist, rel);
    if (!existsSync(file)) return route.fulfill({ status: 404, body: '' });
    await route.fulfill({ body: readFileSync(file), contentType: MIME[path.extname(file)] ?? 'application/octet-stream', headers: { 'cache-control': 'no-cache' } });
  });
}
