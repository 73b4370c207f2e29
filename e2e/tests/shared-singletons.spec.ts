import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn } from '../support/app.js';

/** Loaded by the shell before any remote: registered and loaded by the shell in every share scope. */
const SHELL_LOADED = ['react', 'react-dom', '@emotion/react', '@mui/material/styles', '@mui/material/Button', '@mui/material/TextField'];
/** Packages that must never come from a remote's own build (MUI is shared per entry point). */
const NEVER_FROM_A_REMOTE = /^(react|react-dom|react\/jsx-runtime|react-dom\/client|react-router-dom|@emotion\/.*|@mui\/.*)$/;
const REMOTES = ['admin', 'masterdata', 'orders', 'profile'];

interface ShareEntry {
  host: string;
  pkg: string;
  versions: { version: string; from: string; loaded: boolean }[];
}

interface ManifestShared {
  name: string;
  assets: { js: { sync: string[]; async: string[] } };
}

test('react, react-dom and MUI load once, from the shell, for every remote', async ({ page, request }) => {
  const remoteScripts: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/remotes/')) remoteScripts.push(new URL(r.url()).pathname);
  });
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();
  // Visit one page of each remote so that all four are loaded into the page.
  for (const [entry, path, heading] of [
    ['Nutzer', '/v3/nutzer', 'Nutzer'],
    ['Profil', '/profil', 'Profil bearbeiten'],
    ['Medikamente', '/v3/medikamente', 'Medikamente'],
    ['Anforderungen', '/anforderungen', 'Anforderungen'],
  ] as const) {
    await sidebar(page).getByRole('link', { name: entry, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { name: heading, level: 1 })).toBeVisible();
  }

  // Every federation instance (shell and the four remotes) and what its share scope holds.
  const entries = await page.evaluate(() => {
    type Versions = Record<string, { from: string; loaded?: boolean }>;
    const instances =
      (globalThis as { __FEDERATION__?: { __INSTANCES__?: Array<{ name: string; shareScopeMap: Record<string, Record<string, Versions>> }> } })
        .__FEDERATION__?.__INSTANCES__ ?? [];
    const out: ShareEntry[] = [];
    for (const instance of instances) {
      for (const pkgs of Object.values(instance.shareScopeMap)) {
        for (const [pkg, versions] of Object.entries(pkgs)) {
          out.push({ host: instance.name, pkg, versions: Object.entries(versions).map(([version, s]) => ({ version, from: s.from, loaded: s.loaded === true })) });
        }
      }
    }
    return out;
  });
  expect([...new Set(entries.map((e) => e.host))].sort()).toEqual([...REMOTES, 'shell']);
  for (const e of entries.filter((x) => NEVER_FROM_A_REMOTE.test(x.pkg))) {
    // One version of each in every scope: a second copy would be a second entry.
    expect(e.versions, `${e.host} ${e.pkg}`).toHaveLength(1);
    if (SHELL_LOADED.includes(e.pkg)) expect(e.versions[0], `${e.host} ${e.pkg}`).toMatchObject({ from: 'shell', loaded: true });
  }
  expect(entries.filter((e) => e.pkg === '@mui/material/Tabs').length).toBe(5);

  // The scope's `from` names the first app to use a module, not the build it came from; the
  // network does: no file of a remote's own react, emotion or MUI build was fetched, also not for
  // MUI entry points only remotes use (Tabs on /profil).
  for (const remote of REMOTES) {
    const manifest = (await (await request.get(`/remotes/${remote}/mf-manifest.json`)).json()) as { shared: ManifestShared[] };
    const forbidden = new Set(
      manifest.shared.filter((s) => NEVER_FROM_A_REMOTE.test(s.name)).flatMap((s) => [...s.assets.js.sync, ...s.assets.js.async]),
    );
    expect(forbidden.size, remote).toBeGreaterThan(0);
    const fetched = remoteScripts.filter((p) => p.startsWith(`/remotes/${remote}/`)).map((p) => p.slice(`/remotes/${remote}/`.length));
    expect(fetched.filter((f) => forbidden.has(f)), `${remote}: files of its own shared react/emotion/MUI`).toEqual([]);
    // Each remote was really fetched from its own origin path.
    expect(fetched).toContain('remoteEntry.js');
  }
});
