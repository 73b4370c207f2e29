import { expect, type Locator, type Page } from '@playwright/test';
import type { AuthRecord } from '@mediport/contracts';

/** Signs in through the login page, as a person would. */
export async function signIn(page: Page, username: string, password: string, base = ''): Promise<void> {
  await page.goto(`${base}/login`);
  await page.getByLabel('Benutzername', { exact: true }).fill(username);
  await page.getByLabel('Passwort', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Anmelden', exact: true }).click();
}

/** Signs in and waits until the app has left the login page. */
export async function signInAndWait(page: Page, username: string, password: string): Promise<void> {
  await signIn(page, username, password);
  await expect(page).not.toHaveURL(/\/login/);
}

/** The sidebar: the main navigation landmark of the app layout. */
export function sidebar(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Hauptnavigation' });
}

/** The auth record the shell stores under localStorage key "auth". */
export async function storedAuth(page: Page): Promise<AuthRecord | null> {
  const raw = await page.evaluate(() => window.localStorage.getItem('auth'));
  return raw ? (JSON.parse(raw) as AuthRecord) : null;
}

/** The remotes (by name) whose files the page requests from now on: /remotes/<name>/…. */
export function remotesRequested(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (request) => {
    const remote = /\/remotes\/([a-z]+)\//.exec(new URL(request.url()).pathname)?.[1];
    if (remote) asked.add(remote);
  });
  return asked;
}
