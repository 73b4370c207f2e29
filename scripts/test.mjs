#!/usr/bin/env node
// `npm test`: every test of the project, failing fast, with a table of step durations.
//   prerequisites → words (no work-log references) → typecheck → unit (libs) → api (backend) →
//   components (frontends, libs/ui, libs/api-client) → build (--force) → e2e (Playwright in Debian's Chromium)
// Options: --only=step[,step]  --skip=step[,step]  --from=step
import { accessSync, constants, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { FRONTENDS, LIBS, ROOT, c, formatDuration, log, npx, pool, portAnswers, run } from './lib.mjs';
import { build } from './build.mjs';

const argValue = (name) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const only = argValue('only')?.split(',');
const skip = argValue('skip')?.split(',') ?? [];
const from = argValue('from');

const r = (...p) => path.join(ROOT, ...p);
const CHROMIUM_FLAGS_HINT = 'CHROMIUM_PATH=/pfad/zu/chromium npm test';

/** Test files under a project folder (spec/test files of Jest), ignoring build output. */
function hasTests(dir) {
  const walk = (d) => {
    let entries;
    try {
      entries = readdirSync(d, { withFileTypes: true });
    } catch {
      return false;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (['node_modules', 'dist', 'coverage'].includes(e.name)) continue;
        if (walk(path.join(d, e.name))) return true;
      } else if (/\.(spec|test|e2e-spec)\.[cm]?[jt]sx?$/.test(e.name)) return true;
    }
    return false;
  };
  return walk(dir);
}

function isExecutable(file) {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** Installs a Debian package with apt-get when the user is root on a Debian machine; true when it worked. */
async function aptInstall(pkg, what) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) return false;
  log('test', `${what} missing: installing Debian package "${pkg}" with apt-get …`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let code = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  if (code !== 0) {
    await run('apt-get', ['update'], { env });
    code = await run('apt-get', ['install', '-y', '--no-install-recommends', pkg], { env });
  }
  return code === 0;
}

/** xmllint (Debian: libxml2-utils) validates the SEPA direct-debit export against its XSD in the API tests. */
async function ensureXmllint() {
  if (isExecutable('/usr/bin/xmllint') || ((await aptInstall('libxml2-utils', 'xmllint')) && isExecutable('/usr/bin/xmllint'))) {
    log('test', 'xmllint: /usr/bin/xmllint');
    return 0;
  }
  log('test', c.red('xmllint not found. The API tests validate the SEPA export with it: sudo apt-get install -y libxml2-utils'));
  return 1;
}

async function ensureChromium() {
  const chromium = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  if (isExecutable(chromium)) {
    log('test', `Chromium: ${chromium}`);
    process.env.CHROMIUM_PATH = chromium;
    return 0;
  }
  if (process.env.CHROMIUM_PATH) {
    log('test', c.red(`CHROMIUM_PATH=${chromium} is not an executable file.`));
    return 1;
  }
  if ((await aptInstall('chromium', 'Chromium')) && isExecutable('/usr/bin/chromium')) {
    process.env.CHROMIUM_PATH = '/usr/bin/chromium';
    return 0;
  }
  log(
    'test',
    c.red(
      [
        'Chromium not found at /usr/bin/chromium. The browser tests use the system Chromium and never download one.',
        'Install it, e.g. on Debian/Ubuntu: sudo apt-get install -y chromium',
        `or point to an existing binary: ${CHROMIUM_FLAGS_HINT}`,
      ].join('\n       '),
    ),
  );
  return 1;
}

async function prerequisites() {
  const code = (await ensureChromium()) || (await ensureXmllint());
  if (code !== 0) return code;
  if (process.env.DATABASE_URL) log('test', `Database: DATABASE_URL is set; tests create their databases on that server.`);
  else if (await portAnswers(5432)) log('test', 'Database: PostgreSQL answers on 127.0.0.1:5432; tests create and drop their own databases there.');
  else log('test', c.yellow('Database: no PostgreSQL on 127.0.0.1:5432; API and browser tests fall back to PGlite.'));
  return 0;
}

/** Runs jobs two at a time with prefixed output; returns the first non-zero exit code. */
async function parallel(jobs, lanes = 2) {
  const codes = await pool(jobs, lanes, async (job) => {
    const started = Date.now();
    const code = await run(job.cmd, job.args, { cwd: job.cwd ?? ROOT, prefix: `  ${job.name} |` });
    log('test', `${job.name}: ${code === 0 ? c.green('ok') : c.red(`failed (exit ${code})`)} in ${formatDuration(Date.now() - started)}`);
    return code;
  });
  return codes.find((code) => code !== 0) ?? 0;
}

async function sequential(jobs) {
  for (const job of jobs) {
    log('test', `${job.name}: ${job.cmd} ${job.args.join(' ')}`);
    const code = await run(job.cmd, job.args, { cwd: job.cwd ?? ROOT });
    if (code !== 0) {
      log('test', c.red(`${job.name}: failed (exit ${code})`));
      return code;
    }
  }
  return 0;
}

// tsc's incremental state of each project (what it checked, by file hash) lives here, outside the
// sources: a file that did not change, and nothing it depends on, is not checked again.
const TYPECHECK_CACHE = r('node_modules', '.cache', 'mediport-typecheck');

async function typecheck() {
  const libs = await run(npx, ['tsc', '-b', ...LIBS.map((l) => `libs/${l}`)]);
  if (libs !== 0) return libs;
  const projects = ['backend', ...FRONTENDS.map((f) => `frontends/${f}`), 'e2e'].filter((p) => existsSync(r(p, 'tsconfig.json')));
  return parallel(
    projects.map((p) => ({
      name: p,
      cmd: npx,
      args: ['tsc', '-p', `${p}/tsconfig.json`, '--noEmit', '--incremental', '--tsBuildInfoFile', path.join(TYPECHECK_CACHE, `${p.replace(/\//g, '-')}.tsbuildinfo`)],
    })),
  );
}

function jestJobs(dirs, extraArgs = []) {
  const jobs = [];
  for (const dir of dirs) {
    if (!hasTests(r(dir))) {
      log('test', c.dim(`${dir}: no tests`));
      continue;
    }
    jobs.push({ name: dir, cmd: npx, args: ['jest', '--ci', ...extraArgs], cwd: r(dir) });
  }
  return jobs;
}

const unit = () => sequential(jestJobs(['libs/contracts', 'libs/permissions', 'libs/validation']));

// The API tests boot Nest against their own databases; two workers use both cores.
const api = () => sequential(jestJobs(['backend'], process.env.JEST_BACKEND_RUN_IN_BAND ? ['--runInBand'] : ['-w', '2']));

// Component tests are CPU bound (jsdom + swc); one job per package, each with one worker, two packages at a time.
// The packages that take minutes start first, so that none of them starts last and runs alone.
const LONGEST_COMPONENT_PACKAGES = ['frontends/masterdata', 'frontends/orders', 'frontends/admin'];
const componentOrder = (dir) => (LONGEST_COMPONENT_PACKAGES.includes(dir) ? LONGEST_COMPONENT_PACKAGES.indexOf(dir) : LONGEST_COMPONENT_PACKAGES.length);
const components = () =>
  parallel(jestJobs(['libs/ui', 'libs/api-client', ...FRONTENDS.map((f) => `frontends/${f}`)].sort((a, b) => componentOrder(a) - componentOrder(b)), ['-w', '1']));

// No work-log references in the repository's files, and the checker's own test (a few seconds).
const words = () =>
  sequential([
    { name: 'words', cmd: process.execPath, args: [r('scripts', 'check-worklog-words.mjs')] },
    { name: 'words checker', cmd: process.execPath, args: ['--test', r('scripts', 'check-worklog-words.test.mjs')] },
  ]);

const buildAll = async () => ((await build({ force: true })).ok ? 0 : 1);

const e2e = () => run(npx, ['playwright', 'test'], { cwd: r('e2e') });

const STEPS = [
  ['prerequisites', prerequisites],
  ['words', words],
  ['typecheck', typecheck],
  ['unit', unit],
  ['api', api],
  ['components', components],
  ['build', buildAll],
  ['e2e', e2e],
];

let selected = STEPS.filter(([name]) => (!only || only.includes(name) || name === 'prerequisites') && !skip.includes(name));
if (from) selected = selected.filter(([name], i, all) => name === 'prerequisites' || i >= all.findIndex(([n]) => n === from));

const table = [];
const startedAll = Date.now();
let failed = null;
for (const [name, step] of selected) {
  log('test', c.bold(`── ${name} ──`));
  const started = Date.now();
  const code = await step();
  table.push({ name, ms: Date.now() - started, ok: code === 0 });
  if (code !== 0) {
    failed = name;
    break;
  }
}
for (const [name] of selected.slice(table.length)) table.push({ name, ms: 0, ok: null });

const width = Math.max(...table.map((t) => t.name.length), 5);
process.stdout.write(`\n${c.bold('step'.padEnd(width))}  ${c.bold('result'.padEnd(8))}  ${c.bold('time')}\n`);
for (const t of table) {
  const result = t.ok === null ? c.dim('skipped ') : t.ok ? c.green('passed  ') : c.red('FAILED  ');
  process.stdout.write(`${t.name.padEnd(width)}  ${result}  ${t.ok === null ? '' : formatDuration(t.ms)}\n`);
}
process.stdout.write(`${'total'.padEnd(width)}  ${failed ? c.red('FAILED  ') : c.green('passed  ')}  ${formatDuration(Date.now() - startedAll)}\n`);
process.exit(failed ? 1 : 0);
