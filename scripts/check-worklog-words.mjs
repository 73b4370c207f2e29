#!/usr/bin/env node
// Fails when work-log words appear in the repository's text files: a numbered work session, an
// issue number, a pointer to the work instructions or to who decided, or a section pointer into a
// specification document. A reader has neither the log, the tracker nor the document, so comments,
// test names and docs state the rule itself ("a finished task reopens when a message arrives").
//
//   node scripts/check-worklog-words.mjs            scans every file `git ls-files` lists (and new,
//                                                   not yet added, not ignored ones)
//   node scripts/check-worklog-words.mjs FILE…      scans only these files
//
// Prints file:line:text and a short explanation per hit; exits 1 on any hit, 0 when clean.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Each rule: a pattern (written so that its own source text does not match it) and why it is refused. */
export const RULES = [
  {
    re: /\bsessions?[- ]\d+\b/i,
    why: 'a numbered work session: describe what the code does, not when it was written',
  },
  {
    re: /\b(?:issues?|tickets?|bugs?|PRs?|pull requests?)\s*(?:#\s?)?\d+/i,
    why: 'an issue number: there is no tracker to look it up in; state the rule itself',
  },
  {
    // A hash sign with one or two digits: never a CSS colour (those have 3, 4, 6 or 8 hex digits).
    re: /(?:^|[\s(,;[])#\d{1,2}(?![\w-])/,
    why: '"#" with a number reads as an issue reference: state the rule itself',
  },
  {
    re: /\bthe\s+brief\b/i,
    why: 'a pointer to the work instructions: state the requirement itself',
  },
  {
    re: /\bthe\s+lead\b(?!-)/i,
    why: 'who decided is history: state the rule and its reason',
  },
  {
    // The section sign glued to a number, after "(", after "spec" or after "part N"; German legal
    // citations in user-facing text keep a space between the sign and the number and stay allowed.
    re: /§\d|\(\s*§|\bspec(?:ification)?\b[^\n§]{0,24}§|\bpart[- ]?\d+\s*§|\bspec(?:ification)?[- ]part\b/i,
    why: 'a section pointer into a specification nobody can open here: state the rule itself',
  },
];

/** Files never scanned: generated or vendored text. */
const SKIP = [/(^|\/)package-lock\.json$/, /^backend\/drizzle\/meta\//, /(^|\/)node_modules\//];

const BINARY_EXT = /\.(png|jpe?g|gif|ico|webp|avif|pdf|woff2?|ttf|otf|eot|zip|gz|br|tgz|wasm|mp[34]|webm)$/i;

function listFiles() {
  // Tracked files and new ones not yet added (ignored files stay out).
  const out = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: ROOT, maxBuffer: 64 * 1024 * 1024 });
  return out.toString('utf8').split('\0').filter(Boolean);
}

/** Text content, or null for a binary or unreadable file. */
function readText(file) {
  if (BINARY_EXT.test(file)) return null;
  let buf;
  try {
    buf = readFileSync(path.resolve(ROOT, file));
  } catch {
    return null; // listed by git but deleted in the working tree
  }
  if (buf.subarray(0, 8000).includes(0)) return null;
  return buf.toString('utf8');
}

/** Hits in one text: [{ line, text, why }]. */
export function scanText(text) {
  const hits = [];
  const lines = text.split(/\r?\n/);
  lines.forEach((line, i) => {
    for (const rule of RULES) {
      if (rule.re.test(line)) {
        hits.push({ line: i + 1, text: line.trim(), why: rule.why });
        break;
      }
    }
  });
  return hits;
}

function main(argv) {
  const given = argv.filter((a) => !a.startsWith('--'));
  const files = given.length ? given : listFiles();
  let count = 0;
  let scanned = 0;
  for (const file of files) {
    const rel = path.relative(ROOT, path.resolve(ROOT, file)).split(path.sep).join('/');
    if (!given.length && SKIP.some((re) => re.test(rel))) continue;
    const text = readText(file);
    if (text === null) continue;
    scanned++;
    for (const hit of scanText(text)) {
      count++;
      process.stdout.write(`${given.length ? file : rel}:${hit.line}:${hit.text.slice(0, 200)}\n    -> ${hit.why}\n`);
    }
  }
  if (count) {
    process.stdout.write(`\n${count} work-log reference(s) in ${scanned} scanned files. Rewrite each so it states the rule itself.\n`);
    return 1;
  }
  process.stdout.write(`No work-log references in ${scanned} scanned files.\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  process.exitCode = main(process.argv.slice(2));
}
