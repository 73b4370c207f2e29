// The work-log checker itself (run by `node --test` in the "words" step of scripts/test.mjs).
// The samples are assembled at run time, so this file never holds the words it tests for.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { after, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { scanText } from './check-worklog-words.mjs';

const CHECKER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-worklog-words.mjs');
const dir = mkdtempSync(path.join(os.tmpdir(), 'worklog-words-'));
after(() => rmSync(dir, { recursive: true, force: true }));

const S = '\u00a7';
const H = '#';
const dirty = [
  `// ${'Sess'}ion 12: the list got faster`,
  `/** Status machine (spec ${S}4). */`,
  `// see ${'iss'}ue ${H}23`,
  `// as agreed in (${H}7)`,
  `// the ${'lead'} decided that closed orders come last`,
  `// Items appear in the order of the ${'bri'}ef.`,
  `// (${'sp'}ec part 2 ${S}6)`,
  `// a rule of part-2 ${S}5`,
  `// the rule (${S}3)`,
];
const clean = [
  '// A finished task reopens when a message arrives.',
  "const color = '#333'; const other = '#f44336';",
  '// The session row is reused for at most 1 s; a session of one user ends on logout.',
  `<Typography>Angaben gemäß ${S} 5 DDG</Typography>`,
  '// The issue of a token happens at sign-in (sessions.issue).',
];

function runChecker(file) {
  return spawnSync(process.execPath, [CHECKER, file], { encoding: 'utf8' });
}

test('every dirty sample is a hit of its own', () => {
  for (const line of dirty) assert.equal(scanText(line).length, 1, `not caught: ${line}`);
});

test('clean lines (CSS colours, login sessions, German legal citations) are no hits', () => {
  for (const line of clean) assert.deepEqual(scanText(line), [], `caught by mistake: ${line}`);
});

test('the checker exits 1 and names file and line for a file with work-log words', () => {
  const file = path.join(dir, 'dirty.ts');
  writeFileSync(file, ['const a = 1;', ...dirty].join('\n'));
  const res = runChecker(file);
  assert.equal(res.status, 1, res.stdout + res.stderr);
  assert.match(res.stdout, new RegExp(`dirty\\.ts:2:`));
  assert.match(res.stdout, new RegExp(`dirty\\.ts:${dirty.length + 1}:`));
});

test('the checker exits 0 for a clean file', () => {
  const file = path.join(dir, 'clean.ts');
  writeFileSync(file, clean.join('\n'));
  const res = runChecker(file);
  assert.equal(res.status, 0, res.stdout + res.stderr);
});
