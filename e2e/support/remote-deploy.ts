import { renameSync, rmSync, symlinkSync } from 'node:fs';

/** Points a static host's folder at another build atomically: a new symlink renamed over the old one. */
export function repoint(link: string, target: string): void {
  const next = `${link}.next`;
  rmSync(next, { force: true });
  symlinkSync(target, next, 'dir');
  renameSync(next, link);
}
