import { randomBytes } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { createUser } from '../support/db.js';
import { signInAndWait, storedAuth } from '../support/app.js';

const PASSWORD = 'Profil#Test2024!';
// A valid 2×2 PNG in the theme colours; the server sniffs the content.
const PNG_BASE64 = 'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAFklEQVR4nGPQiq344mzG8MXZTCu2AgAi1gTZql4YQwAAAABJRU5ErkJggg==';

test('profile edit with avatar upload by drag and drop: saved, shown in the top bar and after a reload', async ({ page, request }) => {
  const username = `profil.${randomBytes(3).toString('hex')}`;
  const user = { username, password: PASSWORD, roles: ['ROLE_DRIVER'], oncePassword: false };
  await createUser(user);

  await signInAndWait(page, username, PASSWORD);
  await page.goto('/profil');
  await expect(page.getByRole('tab', { name: 'Stammdaten', selected: true })).toBeVisible();
  await expect(page.getByLabel('Benutzername', { exact: true })).toHaveValue(username);
  await expect(page.getByLabel('Land', { exact: true })).toHaveValue('Deutschland');

  await page.getByLabel('Vorname', { exact: true }).fill('Paula');
  await page.getByLabel('Nachname', { exact: true }).fill('Profil');
  await page.getByLabel('PLZ', { exact: true }).fill('50a67');
  await expect(page.getByText('Die Postleitzahl darf nur aus höchstens 5 Ziffern bestehen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speichern', exact: true })).toBeDisabled();
  await page.getByLabel('PLZ', { exact: true }).fill('50667');
  await page.getByLabel('Ort', { exact: true }).fill('Köln');

  // Drag and drop of an image file onto the drop zone.
  const dataTransfer = await page.evaluateHandle((b64) => {
    const bytes = Uint8Array.from(atob(b64), (c) => c.charCodeAt(0));
    const dt = new DataTransfer();
    dt.items.add(new File([bytes], 'avatar.png', { type: 'image/png' }));
    return dt;
  }, PNG_BASE64);
  const zone = page.getByRole('button', { name: 'Bild hierher ziehen und ablegen' });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('Neues Profilbild, wird beim Speichern übernommen.')).toBeVisible();

  await page.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(page.getByText('Profil geändert.')).toBeVisible();
  await expect(page.getByRole('banner').getByText('Paula Profil')).toBeVisible();
  const auth = await storedAuth(page);
  expect(auth?.user.avatar).toMatch(/^\/api\/users\/[0-9a-f-]+\/avatar\?v=[0-9a-f]{8}$/);

  await page.reload();
  await expect(page.getByRole('banner').getByText('Paula Profil')).toBeVisible();
  await expect(page.getByLabel('Ort', { exact: true })).toHaveValue('Köln');
  await expect(page.getByLabel('PLZ', { exact: true })).toHaveValue('50667');
  const avatar = page.getByRole('img', { name: 'Profilbild von Paula Profil' });
  await expect(avatar).toBeVisible();
  await expect.poll(() => avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
  // The top bar shows the same picture next to the name.
  const topBarAvatar = page.getByRole('banner').getByRole('img', { name: 'Eigenes Profilbild' });
  await expect(topBarAvatar).toBeVisible();
  await expect.poll(() => topBarAvatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);

  // The bytes come from the API with the session token only.
  const served = await request.get(auth!.user.avatar!, { headers: { 'x-auth-token': auth!.token } });
  expect(served.status()).toBe(200);
  expect(served.headers()['content-type']).toBe('image/png');
  expect((await request.get(auth!.user.avatar!)).status()).toBe(401);
});
