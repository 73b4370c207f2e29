import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { OAUTH_MESSAGES } from '@mediport/contracts';
import { storedAuth } from '../support/app.js';
import { type RunningOidcProvider, startOidcProvider } from '../support/oidc-provider.js';
import { type RunningBackend, startBackend, tempDir } from '../support/server.js';

// A backend of this file's own on port 18090 with single sign-on switched on, pointing at a real
// OpenID Connect provider started here on loopback (own PGlite data with the demo users).
const PORT = 18090;
const BASE = `http://127.0.0.1:${PORT}`;
const CLIENT_ID = 'medikationsportal';
const CLIENT_SECRET = randomBytes(16).toString('hex');
const PASSWORD = 'apomondo-Passwort-1';

let provider: RunningOidcProvider;
let backend: RunningBackend;
let dataDir: string;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  test.setTimeout(120_000);
  provider = await startOidcProvider({
    clientId: CLIENT_ID,
    clientSecret: CLIENT_SECRET,
    redirectUris: [`${BASE}/oauth`],
    accounts: [
      { username: 'heim', password: PASSWORD, sub: 'apomondo-heim-4711' },
      { username: 'unbekannt', password: PASSWORD, sub: 'apomondo-unbekannt-0815' },
    ],
  });
  dataDir = tempDir('mediport-e2e-sso-');
  backend = await startBackend({
    port: PORT,
    logFile: path.join(dataDir, `backend-${PORT}.log`),
    env: {
      DEMO: '1',
      DATA_DIR: dataDir,
      JWT_SECRET: randomBytes(32).toString('hex'),
      SSO_ENABLED: '1',
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: CLIENT_ID,
      OIDC_CLIENT_SECRET: CLIENT_SECRET,
      OIDC_REDIRECT_URI: `${BASE}/oauth`,
      OIDC_NONCE: 'mediport-sso-nonce',
    },
  });
});

test.afterAll(async () => {
  await backend?.stop();
  await provider?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a partner user signs in with Apomondo and lands on the dashboard as heim', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Anmelden mit Apomondo' }).click();

  // The provider's own login page.
  await expect(page).toHaveURL(new RegExp(`^${provider.issuer}/interaction/`));
  await page.getByLabel('Apomondo-Benutzername').fill('heim');
  await page.getByLabel('Apomondo-Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Bei Apomondo anmelden' }).click();

  await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(`${BASE}/`);
  const auth = await storedAuth(page);
  expect(auth).toMatchObject({ username: 'heim', home: { name: 'Haus Sonnenschein' } });
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' })).toBeVisible();
});

test('the authorization request carries the parameters of the spec', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  const [request] = await Promise.all([
    page.waitForRequest((r) => r.url().startsWith(`${provider.issuer}/auth?`)),
    page.getByRole('button', { name: 'Anmelden mit Apomondo' }).click(),
  ]);
  const params = Object.fromEntries(new URL(request.url()).searchParams);
  expect(params).toEqual({
    response_type: 'code',
    client_id: CLIENT_ID,
    state: 'sso',
    redirect_uri: `${BASE}/oauth`,
    scope: 'openid',
    nonce: 'mediport-sso-nonce',
  });
});

test('a partner user without a local account sees the failure text of the spec', async ({ page }) => {
  await page.goto(`${BASE}/login`);
  await page.getByRole('button', { name: 'Anmelden mit Apomondo' }).click();
  await page.getByLabel('Apomondo-Benutzername').fill('unbekannt');
  await page.getByLabel('Apomondo-Passwort').fill(PASSWORD);
  await page.getByRole('button', { name: 'Bei Apomondo anmelden' }).click();

  await expect(page).toHaveURL(new RegExp(`^${BASE}/oauth\\?code=`));
  await expect(page.getByRole('alert')).toHaveText(OAUTH_MESSAGES.failed);
  expect(await storedAuth(page)).toBeNull();
  await page.getByRole('link', { name: 'Zur Anmeldung' }).click();
  await expect(page).toHaveURL(`${BASE}/login`);
});
