import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { remotesRequested } from '../support/app.js';
import { sql } from '../support/db.js';
import { horizontalOverflow, signInFast, transitionsDone } from '../support/layout.js';

// Accounting on its own page, the profile's Rechnungen tab: it lands on /profil, finds the demo
// invoices of the pharmacy, a home and a practice, opens an unread invoice of its own (written to
// the database for this run), whose status then goes to open, reads its proof list and marks it
// paid; the same list fits a phone.

const run = Date.now().toString(36).slice(-5);

/** With E2E_SCREENSHOTS=1 a moment of the journey is saved as a PNG under test-results/ for a look. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

/** An unread invoice of a home of its own, numbered from the counter of the year 2099 (apart from the billing run's years). */
async function unreadInvoice(): Promise<{ id: string; number: string; home: string }> {
  const home = `Haus Rechnung ${run}`;
  const [homeRow] = await sql<{ id: string }>(`insert into homes (name, email, street, postal_code, city) values ($1, $2, 'Lindenweg 4', '10115', 'Berlin') returning id`, [home, `rechnung-${run}@heim.de`]);
  const [counter] = await sql<{ last: number }>(`insert into invoice_counters (year, last) values (2099, 1) on conflict (year) do update set last = invoice_counters.last + 1 returning last`);
  const number = `RE-2099-${String(counter!.last).padStart(6, '0')}`;
  const [invoice] = await sql<{ id: string }>(
    `insert into invoices (number, year, seq, debtor_key, debtor_type, home_id, debtor_no, debtor_name, address, with_login, period, issued_on, due_on, net_cents, vat_cents, gross_cents, status, file_name)
     values ($1, 2099, $2, $3, 'homes', $4, 'K-E2E', $5, $6, true, date_trunc('month', now())::date, current_date, current_date + 14, 5900, 1121, 7021, 'unread', $7)
     returning id`,
    [number, counter!.last, `home:${homeRow!.id}`, homeRow!.id, home, JSON.stringify({ company: home, name: home, street: 'Lindenweg 4', postalCode: '10115', city: 'Berlin', email: '' }), `${number}.pdf`],
  );
  await sql(
    `insert into invoice_positions (invoice_id, sort, kind, contract_ref, title, detail, period_from, period_to, unit_price, amount, party_role, party_home_id, party_name, party_debtor_no, with_login, party_modified_at)
     values ($1, 0, 'package', '9999_K-E2E', 'Paket Basis', 'monatlich', current_date, current_date, 5900, 5900, 'homes', $2, $3, 'K-E2E', true, now())`,
    [invoice!.id, homeRow!.id, home],
  );
  return { id: invoice!.id, number, home };
}

async function statusOf(id: string): Promise<string> {
  return (await sql<{ status: string }>('select status from invoices where id = $1', [id]))[0]!.status;
}

async function accounting(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport, acceptDownloads: true });
  const page = await context.newPage();
  await signInFast(page, context.request, 'buchhaltung');
  return page;
}

test('accounting opens an unread invoice (it turns open), reads its proof list and marks it paid', async ({ browser }) => {
  const invoice = await unreadInvoice();
  const page = await accounting(browser);
  const remotesAsked = remotesRequested(page);
  // Accounting has no dashboard: it lands on its profile.
  await page.goto('/');
  await expect(page).toHaveURL(/\/profil/);
  await page.getByRole('tab', { name: 'Rechnungen' }).click();
  const table = page.getByRole('table', { name: 'Rechnungen' });
  // The demo's invoices reach the pharmacy, a care home and a practice.
  for (const debtor of ['Apotheke am Markt', 'Seniorenresidenz Am Stadtpark', 'Dr. med. Sabine Hoffmann']) await expect(table.getByText(debtor).first()).toBeVisible();
  // The shell and the profile remote are all it loaded: no file of the orders, master data or administration remotes.
  expect([...remotesAsked]).toEqual(['profile']);
  await expect(table.getByText('bezahlt', { exact: true }).first()).toBeVisible();
  await shoot(page, 'invoices-demo');

  await page.getByRole('searchbox', { name: 'Suche' }).fill(invoice.number);
  const row = table.getByRole('row').filter({ hasText: invoice.number });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('zu bezahlen');
  await expect(row).toContainText('70,21 €');
  await expect(row.getByText('neu', { exact: true })).toBeVisible();

  // The proof list opens under the row.
  await row.getByRole('button', { name: `Nachweis anzeigen: ${invoice.number}` }).click();
  const proofs = page.getByRole('table', { name: `Nachweis zu ${invoice.number}` });
  await expect(proofs).toContainText(invoice.home);
  await expect(proofs).toContainText('Pflegeeinrichtung');
  await expect(proofs).toContainText('59,00 €');

  // Download: the PDF, printed by the server on this first download; the invoice is open now.
  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Herunterladen: ${invoice.number}` }).click()]);
  expect(download.suggestedFilename()).toBe(`${invoice.number}.pdf`);
  const file = test.info().outputPath(`${invoice.number}.pdf`);
  await download.saveAs(file);
  expect(readFileSync(file).subarray(0, 5).toString()).toBe('%PDF-');
  if (process.env.E2E_SCREENSHOTS) execFileSync('pdftoppm', ['-r', '70', '-png', file, test.info().outputPath('invoice-pdf')]);
  await expect.poll(() => statusOf(invoice.id)).toBe('open');
  await expect(row.getByText('neu', { exact: true })).toHaveCount(0);
  await expect(row).toContainText('zu bezahlen');

  // The paid toggle.
  await row.getByRole('button', { name: `Als bezahlt markieren: ${invoice.number}` }).click();
  await expect(page.getByText('Die Rechnung wurde als bezahlt markiert.')).toBeVisible();
  await expect(row).toContainText('bezahlt');
  await expect(row.getByRole('button', { name: `Als offen markieren: ${invoice.number}` })).toBeVisible();
  expect(await statusOf(invoice.id)).toBe('paid');
  await shoot(page, 'invoices-paid');

  // The tab with the open proof list passes axe (WCAG 2.1 AA), the success toast still showing included.
  await transitionsDone(page);
  await expect(page.getByText('Die Rechnung wurde als bezahlt markiert.')).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .options({ resultTypes: ['violations'] })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(axe.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`)).toEqual([]);
  await page.context().close();
});

test('the Rechnungen tab fits a phone: a card per invoice, the proof list as lines', async ({ browser }) => {
  const invoice = await unreadInvoice();
  const phone = await accounting(browser, { width: 390, height: 844 });
  await phone.goto(`/profil?tab=2&text=${encodeURIComponent(invoice.number)}`);
  const card = phone.getByRole('main').getByText(invoice.number).first();
  await expect(card).toBeVisible();
  await phone.getByRole('button', { name: 'Nachweis anzeigen' }).first().click();
  const proofs = phone.getByRole('list', { name: `Nachweis zu ${invoice.number}` });
  await expect(proofs).toContainText(invoice.home);
  await expect(proofs).toContainText('Mit Login: ja');
  await expect(phone.getByRole('button', { name: `Als bezahlt markieren: ${invoice.number}` })).toBeVisible();
  expect(await horizontalOverflow(phone)).toEqual([]);
  await shoot(phone, 'invoices-phone');
  await phone.context().close();
});
