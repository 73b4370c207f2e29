import { spawn } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { e2eEnv } from '../support/env.js';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn } from '../support/app.js';
import { ROOT, startBackend, tempDir, type RunningBackend } from '../support/server.js';

// A remote owns its routes and sidebar entries: the masterdata remote gains a page and a menu
// entry, is rebuilt alone (webpack for that remote only, from a copy of its sources), is
// deployed, and the running shell, not rebuilt, shows and routes the page after a reload.

const SECOND_PORT = 18082;
const REMOTES = ['shell', 'orders', 'masterdata', 'admin', 'profile'];

/** The change a developer makes in the masterdata remote: a page, its route, its menu entry. */
const SUPPLIERS_PAGE = `import type { RouteObject } from 'react-router-dom';
import Typography from '@mui/material/Typography';
import { RequirePermission } from '@mediport/api-client';
import { PageHeader } from '@mediport/ui';

function SuppliersPage() {
  return (
    <>
      <PageHeader title="Lieferanten" breadcrumbs={[{ label: 'Medikationsportal', to: '/' }, { label: 'Stammdaten' }, { label: 'Lieferanten' }]} />
      <Typography>Hier erscheinen die Lieferanten der Apotheke.</Typography>
    </>
  );
}

export const suppliersRoutes: RouteObject[] = [
  { element: <RequirePermission name="medicine_list_view" />, children: [{ path: 'v3/lieferanten', element: <SuppliersPage /> }] },
];
`;

function patch(file: string, from: string, to: string): void {
  const text = readFileSync(file, 'utf8');
  if (!text.includes(from)) throw new Error(`${path.relative(ROOT, file)} changed: "${from}" not found; update this test`);
  writeFileSync(file, text.replace(from, to));
}

/** Copies the masterdata remote (and the shared webpack settings) and adds the suppliers page. */
function prepareChangedRemote(work: string): string {
  const frontends = path.join(work, 'frontends');
  const copy = (from: string) =>
    cpSync(path.join(ROOT, 'frontends', from), path.join(frontends, from), {
      recursive: true,
      filter: (src) => !/[\\/](dist|node_modules)$/.test(src),
    });
  copy('common');
  copy('masterdata');
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(work, 'node_modules'), 'dir');
  const src = path.join(frontends, 'masterdata', 'src');
  writeFileSync(path.join(src, 'pages', 'suppliers-page.tsx'), SUPPLIERS_PAGE);
  patch(
    path.join(src, 'routes.tsx'),
    `import { lazyModule, lazyPage, PlaceholderPage } from '@mediport/ui';`,
    `import { lazyModule, lazyPage, PlaceholderPage } from '@mediport/ui';\nimport { suppliersRoutes } from './pages/suppliers-page';`,
  );
  patch(path.join(src, 'routes.tsx'), '  ...medicinesRoutes,\n', '  ...medicinesRoutes,\n  ...suppliersRoutes,\n');
  patch(path.join(src, 'nav.ts'), `routePrefixes: [`, `routePrefixes: ['/v3/lieferanten', `);
  patch(
    path.join(src, 'nav.ts'),
    `{ section: 'masterdata', label: 'Medikamente', path: '/v3/medikamente', permission: 'medicine_list_view' },`,
    `{ section: 'masterdata', label: 'Medikamente', path: '/v3/medikamente', permission: 'medicine_list_view' },\n    { section: 'masterdata', label: 'Lieferanten', path: '/v3/lieferanten', permission: 'medicine_list_view' },`,
  );
  return path.join(frontends, 'masterdata');
}

/** `webpack --mode production` for the copied remote alone. */
function buildRemote(dir: string, logFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [path.join(ROOT, 'node_modules', 'webpack-cli', 'bin', 'cli.js'), '--mode', 'production'], {
      cwd: dir,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', reject);
    child.on('close', (code) => {
      writeFileSync(logFile, out);
      if (code === 0) resolve();
      else reject(new Error(`webpack for the changed masterdata remote failed (${code}):\n${out.slice(-3000)}`));
    });
  });
}

/** Points a symlink elsewhere atomically (the "deployment" of the static host). */
function repoint(link: string, target: string): void {
  const next = `${link}.next`;
  symlinkSync(target, next, 'dir');
  renameSync(next, link);
}

test.describe('a remote adds a page without the shell being rebuilt', () => {
  let second: RunningBackend | null = null;
  let work = '';
  let base = '';
  let staticRoot = '';

  test.beforeAll(async () => {
    work = tempDir('mediport-e2e-remote-');
    // A second instance on the same database whose static root is a "deployment": links to the
    // built shell and remotes, so the masterdata link can be pointed at the new build later.
    staticRoot = path.join(work, 'static');
    mkdirSync(staticRoot);
    for (const app of REMOTES) symlinkSync(path.join(ROOT, 'frontends', app), path.join(staticRoot, app), 'dir');
    const dataDir = path.join(work, 'data');
    mkdirSync(dataDir);
    second = await startBackend({
      port: SECOND_PORT,
      env: { DEMO: '1', DATABASE_URL: e2eEnv.databaseUrl, JWT_SECRET: e2eEnv.jwtSecret, DATA_DIR: dataDir, STATIC_ROOT: staticRoot },
      logFile: path.join(work, `backend-${SECOND_PORT}.log`),
    });
    base = `http://localhost:${SECOND_PORT}`;
  });

  test.afterAll(async () => {
    await second?.stop();
    if (work && !process.env.E2E_KEEP_DATA) rmSync(work, { recursive: true, force: true });
  });

  test('the masterdata remote gains "Lieferanten": after a reload the running shell shows and routes it', async ({ page }) => {
    // One webpack build of one remote on a busy two-core machine.
    test.setTimeout(300_000);
    const shellEntry = path.join(ROOT, 'frontends', 'shell', 'dist', 'main.js');
    const shellBuiltAt = statSync(shellEntry).mtimeMs;

    await signIn(page, 'admin', DEMO_PASSWORD, base);
    await expect(page).toHaveURL(`${base}/`);
    const nav = sidebar(page);
    await expect(nav.getByRole('link', { name: 'Medikamente', exact: true })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Lieferanten', exact: true })).toHaveCount(0);
    // Nobody owns the path yet.
    await page.goto(`${base}/v3/lieferanten`);
    await expect(page.getByText('Seite nicht gefunden')).toBeVisible();

    // The developer's change, built for that remote only.
    const remoteDir = prepareChangedRemote(work);
    await buildRemote(remoteDir, path.join(work, 'webpack-masterdata.log'));
    const dist = path.join(remoteDir, 'dist');
    expect(readFileSync(path.join(dist, 'mf-manifest.json'), 'utf8')).toContain('"name": "masterdata"');

    // Deployment: the static host serves the new build from now on.
    repoint(path.join(staticRoot, 'masterdata'), remoteDir);

    await page.reload();
    const entry = nav.getByRole('link', { name: 'Lieferanten', exact: true });
    await expect(entry).toHaveAttribute('href', '/v3/lieferanten');
    // In the Stammdaten section, after the entries the remote had before.
    const labels = (await nav.getByRole('link').allInnerTexts()).map((l) => l.trim());
    expect(labels.indexOf('Lieferanten')).toBe(labels.indexOf('Medikamente') + 1);
    await entry.click();
    await expect(page).toHaveURL(`${base}/v3/lieferanten`);
    await expect(page.getByRole('heading', { name: 'Lieferanten', level: 1 })).toBeVisible();
    await expect(page.getByText('Hier erscheinen die Lieferanten der Apotheke.')).toBeVisible();
    // The other pages of the remote still work, and the shell was not rebuilt.
    await nav.getByRole('link', { name: 'Medikamente', exact: true }).click();
    await expect(page.getByRole('heading', { name: 'Medikamente', level: 1 })).toBeVisible();
    expect(statSync(shellEntry).mtimeMs).toBe(shellBuiltAt);
  });
});
