import { deflateSync, crc32 } from 'node:zlib';
import { expect, test } from '@playwright/test';
import type { SettingsAdminDto } from '@mediport/contracts';
import { DEMO_PASSWORD } from '../support/sidebar.js';
import { signIn, storedAuth } from '../support/app.js';

/** A real PNG (solid colour), so the browser can decode and show it. */
function png(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.concat(Array.from({ length: width }, () => Buffer.from(rgb)))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', pixels), chunk('IEND', Buffer.alloc(0))]);
}

let original: SettingsAdminDto | null = null;
let adminToken = '';

test.afterAll(async ({ request }) => {
  // Put the operator data back for the other browser tests on the same backend.
  if (!original || !adminToken) return;
  const { company, street, postalCode, city, phone, fax, email, debtorId, instanceId } = original;
  const res = await request.put('/api/settings', {
    headers: { 'x-auth-token': adminToken },
    multipart: { company, street, postalCode, city, phone, fax, email, debtorId, instanceId, logo: '_delete' },
  });
  expect(res.status()).toBe(200);
});

test('company settings with a dropped logo appear on the imprint', async ({ page, request }) => {
  await signIn(page, 'admin', DEMO_PASSWORD);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  adminToken = (await storedAuth(page))!.token;
  original = (await (await request.get('/api/settings', { headers: { 'x-auth-token': adminToken } })).json()) as SettingsAdminDto;

  await page.getByRole('link', { name: 'Einstellungen', exact: true }).click();
  await expect(page).toHaveURL(/\/einstellungen$/);
  const field = (label: string) => page.getByRole('textbox', { name: new RegExp(`^${label}`) });
  await expect(field('Firma')).toHaveValue(original.company);

  // The settings form's rules (libs/validation) hold in the browser: required fields and the postal code.
  await field('Postleitzahl').fill('12a');
  await expect(page.getByText('Die Postleitzahl darf nur aus höchstens 5 Ziffern bestehen.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  await field('Ort').fill('');
  await expect(page.getByText('Ort muss ausgefüllt werden')).toBeVisible();

  await field('Firma').fill('Löwen-Apotheke Potsdam');
  await field('Straße').fill('Brandenburger Straße 12');
  await field('Postleitzahl').fill('14467');
  await field('Ort').fill('Potsdam');
  await field('Telefon').fill('0331 200300');
  await field('Fax').fill('0331 200301');
  await field('E-Mail').fill('kontakt@loewen-apotheke.de');

  // Drag and drop a logo onto the drop zone, as a person would from the file manager.
  const bytes = png(120, 40, [42, 93, 120]);
  const dataTransfer = await page.evaluateHandle((data) => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(data)], 'logo.png', { type: 'image/png' }));
    return dt;
  }, [...bytes]);
  await page.getByTestId('logo-dropzone').dispatchEvent('drop', { dataTransfer });
  await expect(page.getByRole('img', { name: 'Logo', exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellungen geändert.')).toBeVisible();

  // The imprint (public) shows the saved data and the logo.
  await page.goto('/impressum');
  const operator = page.getByTestId('operator');
  for (const text of ['Löwen-Apotheke Potsdam', 'Brandenburger Straße 12', '14467 Potsdam', '0331 200300', '0331 200301', 'kontakt@loewen-apotheke.de']) {
    await expect(operator.getByText(text, { exact: false })).toBeVisible();
  }
  const logo = operator.getByRole('img', { name: 'Logo Löwen-Apotheke Potsdam' });
  await expect(logo).toBeVisible();
  expect(await logo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(120);

  // Also for a visitor who is not signed in.
  const visitor = await page.context().browser()!.newContext();
  const anon = await visitor.newPage();
  await anon.goto(new URL('/impressum', page.url()).toString());
  await expect(anon.getByTestId('operator').getByText('Löwen-Apotheke Potsdam')).toBeVisible();
  await expect(anon.getByRole('img', { name: 'Logo Löwen-Apotheke Potsdam' })).toBeVisible();
  await visitor.close();

  // Deleting the logo removes it from the imprint.
  await page.goto('/einstellungen');
  await page.getByRole('button', { name: 'Logo löschen' }).click();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Einstellungen geändert.')).toBeVisible();
  await page.goto('/impressum');
  await expect(page.getByTestId('operator').getByText('Löwen-Apotheke Potsdam')).toBeVisible();
  await expect(page.getByTestId('operator').getByRole('img')).toHaveCount(0);
});
