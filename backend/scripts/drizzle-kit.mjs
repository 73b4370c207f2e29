#!/usr/bin/env node
// Runs drizzle-kit so that it finds drizzle-orm: npm keeps drizzle-orm in backend/node_modules
// while drizzle-kit is hoisted to the root, where its own import of drizzle-orm would fail.
// We lay out a temporary node_modules of symlinks and run drizzle-kit with --preserve-symlinks.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const backend = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const rootModules = path.resolve(backend, '..', 'node_modules');
const localModules = path.join(backend, 'node_modules');
const tmp = mkdtempSync(path.join(os.tmpdir(), 'drizzle-kit-'));
const modules = path.join(tmp, 'node_modules');
try {
  spawnSync('mkdir', ['-p', modules]);
  for (const dir of [localModules, rootModules]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir)) {
      if (name.startsWith('.')) continue;
      const target = path.join(modules, name);
      if (!existsSync(target)) symlinkSync(path.join(dir, name), target);
    }
  }
  const result = spawnSync(
    process.execPath,
    ['--preserve-symlinks', '--preserve-symlinks-main', path.join(modules, 'drizzle-kit', 'bin.cjs'), ...process.argv.slice(2)],
    { cwd: backend, stdio: 'inherit' },
  );
  process.exitCode = result.status ?? 1;
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
