import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar, signIn } from '../support/app.js';

const SINGLETONS = ['react', 'react-dom', '@mui/material', '@emotion/react'];

interface ShareEntry {
  host: string;
  pkg: string;
  versions: { version: string; from: string; loaded: boolean }[];
}

test('react, react-dom and MUI load once, from the shell, for every remote', async ({ page }) => {
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

  const entries = await page.evaluate((names) => {
    const share = (globalThis as { __FEDERATION__?: { __SHARE__?: Record<string, Record<string, Record<string, Record<string, { from: string; loaded?: boolean }>>>> } })
      .__FEDERATION__?.__SHARE__ ?? {};
    const out: ShareEntry[] = [];
    for (const [host, scopes] of Object.entries(share)) {
      for (const pkgs of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(pkgs)) {
          if (!names.includes(pkg)) continue;
          out.push({ host, pkg, versions: Object.entries(versions).map(([version, s]) => ({ version, from: s.from, loaded: s.loaded === true })) });
        }
      }
    }
    return out;
  }, SINGLETONS);

  // Every host (shell and the four remotes) sees exactly one provider per singleton: the shell.
  const hosts = new Set(entries.map((e) => e.host.split(':')[0]));
  expect([...hosts].sort()).toEqual(['admin', 'masterdata', 'orders', 'profile', 'shell']);
  for (const e of entries) {
    expect(e.versions, `${e.host} ${e.pkg}`).toHaveLength(1);
    expect(e.versions[0]).toMatchObject({ from: 'shell', loaded: true });
  }
  // Each remote was really fetched from its own origin path.
  for (const remote of ['admin', 'profile', 'masterdata', 'orders']) {
    expect(remoteScripts).toContain(`/remotes/${remote}/remoteEntry.js`);
  }
});
