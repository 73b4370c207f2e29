import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The repository root: the first folder upwards (from the started script, then the working
 * directory) that holds backend/drizzle. Works for `node backend/dist/main.js`, npm scripts
 * and Jest alike without import.meta (which Jest's CommonJS mode cannot parse).
 */
export function findRepoRoot(): string {
  const starts = [process.argv[1] ? path.dirname(path.resolve(process.argv[1])) : null, process.cwd()];
  for (const start of starts) {
    if (!start) continue;
    let dir = start;
    for (;;) {
      if (existsSync(path.join(dir, 'backend', 'drizzle'))) return dir;
      const parent = path.dirname(dir);
      if (parent === dir) break;
      dir = parent;
    }
  }
  return process.cwd();
}
