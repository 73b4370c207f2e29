import { expect, test } from '@playwright/test';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { sidebar } from '../support/app.js';

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

test('the shell and the remotes run under the Content-Security-Policy without a single violation', async ({ page }) => {
  // Chromium reports each blocked load or inline script on the console; the DOM event catches the rest.
  const violations: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Content Security Policy')) violations.push(message.text());
  });
  await page.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI}`));
  });

  const login = await page.goto('/login');
  expect(login?.headers()['content-security-policy']).toContain(`frame-ancestors 'none'`);
  await page.getByLabel('Benutzername', { exact: true }).fill('admin');
  await page.getByLabel('Passwort', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Dashboard', level: 1 })).toBeVisible();

  // The users list comes from the admin remote, loaded through its mf-manifest.json.
  await sidebar(page).getByRole('link', { name: 'Nutzer', exact: true }).click();
  await expect(page).toHaveURL(/\/nutzer$/);
  await expect(page.getByRole('heading', { name: 'Nutzer', level: 1 })).toBeVisible();
  await expect(page.getByText('Petra Apotheke')).toBeVisible();
  // Sign-in and the remote routes are client-side navigations: one document from /login on.
  violations.push(...(await page.evaluate(() => window.__cspViolations ?? [])));

  expect(violations).toEqual([]);
});
