import { readdirSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test } from '@playwright/test';
import { ROOT } from '../support/server.js';

// How the built frontends reach the browser: precompressed by Accept-Encoding, cached by kind,
// the product's icon, and the weight of the login page.

const LOGIN_JS_BUDGET = 250 * 1024;

function hashedShellChunk(): string {
  const name = readdirSync(path.join(ROOT, 'frontends', 'shell', 'dist')).find((f) => /^mui-base\.[0-9a-f]{8}\.js$/.test(f));
  if (!name) throw new Error('the shell build has no mui-base chunk');
  return `/${name}`;
}

test.describe('static delivery', () => {
  test('serves brotli or gzip by Accept-Encoding, the same script as uncompressed', async ({ request }) => {
    const plain = await request.get('/main.js', { headers: { 'Accept-Encoding': 'identity' } });
    expect(plain.headers()['content-encoding']).toBeUndefined();
    const body = await plain.text();
    expect(body.length).toBeGreaterThan(10_000);
    for (const [accept, encoding] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
    ] as const) {
      const res = await request.get('/main.js', { headers: { 'Accept-Encoding': accept } });
      const headers = res.headers();
      expect(headers['content-encoding'], accept).toBe(encoding);
      expect(headers['vary']).toMatch(/Accept-Encoding/i);
      expect(headers['content-type']).toMatch(/^text\/javascript/);
      expect(Number(headers['content-length'])).toBeLessThan(body.length / 2);
      // Playwright decodes the body: it is the very same script.
      expect(await res.text()).toBe(body);
    }
  });

  test('caches hashed chunks for a year and entry files never without asking', async ({ request }) => {
    const chunk = await request.get(hashedShellChunk(), { headers: { 'Accept-Encoding': 'br' } });
    expect(chunk.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers()['content-encoding']).toBe('br');
    for (const entry of ['/main.js', '/remotes/orders/remoteEntry.js', '/remotes/orders/mf-manifest.json']) {
      const res = await request.get(entry, { headers: { 'Accept-Encoding': 'gzip, br' } });
      expect(res.status(), entry).toBe(200);
      expect(res.headers()['cache-control'], entry).toBe('no-cache');
      expect(res.headers()['content-encoding'], entry).toBe('br');
    }
    const manifest = await request.get('/remotes/orders/mf-manifest.json', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(manifest.headers()['content-type']).toMatch(/^application\/json/);
    expect((await manifest.json()).name).toBe('orders');
  });

  test('ships the product icon at /favicon.ico and /favicon.svg, linked from the page', async ({ page, request }) => {
    const ico = await request.get('/favicon.ico');
    expect(ico.status()).toBe(200);
    expect(ico.headers()['content-type']).toMatch(/^image\//);
    const svg = await request.get('/favicon.svg');
    expect(svg.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    expect(await svg.text()).toContain('#2a5d78');

    const missing: string[] = [];
    page.on('response', (r) => {
      if (r.status() === 404) missing.push(new URL(r.url()).pathname);
    });
    await page.goto('/login');
    await expect(page.getByLabel('Benutzername', { exact: true })).toBeVisible();
    await expect(page.locator('link[rel="icon"][href="/favicon.svg"]')).toHaveCount(1);
    expect(missing).toEqual([]);
  });

  test(`the login page needs at most ${LOGIN_JS_BUDGET / 1024} KB of JavaScript (gzip)`, async ({ page }) => {
    const scripts: Promise<number>[] = [];
    page.on('response', (r) => {
      if (r.request().resourceType() === 'script') scripts.push(r.body().then((b) => gzipSync(b).length));
    });
    await page.goto('/login');
    await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    const sizes = await Promise.all(scripts);
    const total = sizes.reduce((a, b) => a + b, 0);
    expect(total, `${sizes.length} scripts, ${(total / 1024).toFixed(1)} KB gzip`).toBeLessThanOrEqual(LOGIN_JS_BUDGET);
  });
});
