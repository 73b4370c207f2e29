import { hash } from '@node-rs/argon2';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { sidebar } from '../support/app.js';
import { sql } from '../support/db.js';
import { horizontalOverflow, signInFast } from '../support/layout.js';

// The cost takeover of a practice, in three browsers side by side: a practice user finds ordering
// locked and learns in the "Verträge" tab who may act; the practice's manager asks for the
// takeover; the pharmacy confirms; the practice user, still on the orders page and without a
// reload, finds "Neue Anforderung" unlocked and places an order. A practice of its own (not the
// demo practice, which the other specs expect without a contract) is written to the database.

const run = Date.now().toString(36).slice(-5);
const PASSWORD = 'Praxis#Vertrag2024!';

/** With E2E_SCREENSHOTS=1 a moment of the journey is saved as a PNG under test-results/ for a look. */
async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });
}

interface Practice {
  contractId: string;
  user: string;
  manager: string;
  lastname: string;
  medicine: string;
}

/**
 * Dr. Lena Neumann's practice: a yearly contract with login paid by the pharmacy (booked, this
 * month on), a plain user and a manager, and a resident with an earlier order for the practice.
 */
async function practice(): Promise<Practice> {
  const [doctor] = await sql<{ id: string }>(
    `insert into doctors (title, firstname, lastname, email, preferred) values ('Dr.', 'Lena', $1, $2, 'E-Mail') returning id`,
    [`Neumann${run}`, `praxis-${run}@neumann.de`],
  );
  const [contract] = await sql<{ contract_no: number; debtor_id: string }>(
    `insert into contracts (debtor_id, company, type, doctor_id, state, runtime, product_type, base_price, started_on, valid_from, valid_to, with_login)
     select s.debtor_id, s.company, 'ROLE_PHARMA', $1, 'booked', 'year', 'basic', 1000, t.day, t.day, (t.day + interval '1 year' - interval '1 day')::date, true
     from settings s, (select date_trunc('month', now() at time zone 'Europe/Berlin')::date as day) t where s.id = 1
     returning contract_no, debtor_id`,
    [doctor!.id],
  );
  const passwordHash = await hash(PASSWORD);
  const user = `neumann.${run}`;
  const manager = `neumann.leitung.${run}`;
  await sql(
    `insert into users (username, password_hash, roles, doctor_id, firstname, lastname) values
     ($1, $3, '{ROLE_DOCTOR}', $4, 'Nina', 'Neumann'), ($2, $3, '{ROLE_DOCTOR,ROLE_MANAGER}', $4, 'Paul', 'Praxisleitung')`,
    [user, manager, passwordHash, doctor!.id],
  );
  const lastname = `Neumeister${run}`;
  const medicine = `Candesartan ${run}`;
  const [patient] = await sql<{ id: string; home_id: string }>(
    `insert into patients (firstname, lastname, date_of_birth, home_id) select 'Wilma', $1, '1938-04-02', id from homes where name = 'Haus Sonnenschein' returning id, home_id`,
    [lastname],
  );
  await sql(`insert into tasks (type, medicine, dose, amount, patient_id, home_id, doctor_id, status) values (4, $1, '1-0-0', 1, $2, $3, $4, 'finished')`, [
    medicine,
    patient!.id,
    patient!.home_id,
    doctor!.id,
  ]);
  return { contractId: `${contract!.contract_no}_${contract!.debtor_id}`, user, manager, lastname, medicine };
}

/** A browser of its own for a user, signed in (the demo users by API, the others by the login page). */
async function browserFor(browser: Browser, username: string, password?: string, viewport = { width: 1280, height: 800 }): Promise<Page> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  if (!password) {
    await signInFast(page, context.request, username);
    return page;
  }
  const res = await context.request.post('/api/auth', { data: { username, password } });
  expect(res.status()).toBe(200);
  const record = await res.json();
  await page.goto('/api/config');
  await page.evaluate((auth) => window.localStorage.setItem('auth', JSON.stringify(auth)), record);
  return page;
}

/** The accordion of a contract in the Verträge tab, opened. */
async function openContract(page: Page, contractId: string) {
  const summary = page.getByRole('button', { name: new RegExp(`Vertrag ${contractId}`) });
  await expect(summary).toBeVisible();
  if ((await summary.getAttribute('aria-expanded')) !== 'true') await summary.click();
  return page.getByRole('region', { name: new RegExp(`Vertrag ${contractId}`) });
}

test('a practice manager asks for the cost takeover, the pharmacy confirms, and the practice orders without reloading', async ({ browser }) => {
  test.setTimeout(180_000);
  const p = await practice();
  const doc = await browserFor(browser, p.user, PASSWORD);
  const manager = await browserFor(browser, p.manager, PASSWORD);
  const pharmacy = await browserFor(browser, 'apotheke');

  // The practice user: "Neue Anforderung" is locked; the dialog leads to a Verträge tab that exists.
  await doc.goto('/anforderungen');
  await expect(doc.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
  await sidebar(doc).getByRole('button', { name: /Neue Anforderung/ }).click();
  const dialog = doc.getByRole('dialog', { name: 'Vertrag benötigt!' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('link', { name: 'Zu den Verträgen' }).click();
  await expect(doc).toHaveURL(/\/profil\?tab=3$/);
  await expect(doc.getByRole('tab', { name: 'Verträge', selected: true })).toBeVisible();
  const seen = await openContract(doc, p.contractId);
  await expect(doc.getByRole('button', { name: new RegExp(`Vertrag ${p.contractId} Gebucht`) })).toBeVisible();
  await expect(seen).toContainText('Änderungen und die Übernahme der Kosten beantragt die Leitung: Paul Praxisleitung.');
  await expect(seen.getByRole('button', { name: 'Vertrag übernehmen' })).toHaveCount(0);
  await shoot(doc, 'practice-user-contract');

  // Back on the orders page, where the practice user stays from now on.
  await sidebar(doc).getByRole('link', { name: 'Anforderungen', exact: true }).click();
  await expect(doc.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
  await expect(sidebar(doc).getByRole('link', { name: 'Neue Anforderung', exact: true })).toHaveCount(0);

  // The manager asks for the takeover.
  await manager.goto('/profil?tab=3');
  const managed = await openContract(manager, p.contractId);
  await expect(managed).toContainText('10,00 €');
  await managed.getByRole('button', { name: 'Vertrag übernehmen' }).click();
  const ask = manager.getByRole('dialog', { name: 'Vertrag übernehmen?' });
  await expect(ask).toContainText('(10,00 € pro Monat)');
  await shoot(manager, 'manager-takeover-confirm');
  await ask.getByRole('button', { name: 'Vertrag übernehmen' }).click();
  await expect(manager.getByText('Die Kostenübernahme wurde angefragt.')).toBeVisible();
  await expect(managed).toContainText('Die Kostenübernahme wurde angefragt und wartet auf die Bestätigung der Apotheke.');
  await expect(managed.getByRole('button', { name: 'Anfrage zurückziehen' })).toBeVisible();

  // The pharmacy confirms.
  await pharmacy.goto('/profil?tab=3');
  const asked = await openContract(pharmacy, p.contractId);
  await expect(pharmacy.getByRole('button', { name: new RegExp(`Vertrag ${p.contractId} Kostenübernahme angefragt`) })).toBeVisible();
  await expect(asked).toContainText('wartet auf die Bestätigung der Apotheke');
  await asked.getByRole('button', { name: 'Bestätigen' }).click();
  await pharmacy.getByRole('dialog', { name: 'Kostenübernahme bestätigen?' }).getByRole('button', { name: 'Bestätigen' }).click();
  await expect(pharmacy.getByText('Der Vertrag wurde erfolgreich bestätigt und aktiviert.')).toBeVisible();
  await shoot(pharmacy, 'pharmacy-confirmed');

  // The practice user, still on the orders page: ordering unlocks live, and an order goes through.
  const newOrder = sidebar(doc).getByRole('link', { name: 'Neue Anforderung', exact: true });
  await expect(newOrder).toBeVisible();
  await shoot(doc, 'practice-user-unlocked');
  await newOrder.click();
  await expect(doc).toHaveURL(/\/v3\/anforderung\/neu$/);
  await expect(doc.getByRole('dialog', { name: 'Vertrag benötigt!' })).toHaveCount(0);
  await doc.getByRole('combobox', { name: 'Patient suchen' }).fill(p.lastname);
  await doc.getByRole('option', { name: new RegExp(`^${p.lastname}, Wilma`) }).click();
  await doc.getByRole('button', { name: `Nachbestellen: ${p.medicine}, 1-0-0` }).click();
  await doc.getByRole('button', { name: 'Speichern', exact: true }).click();
  await expect(doc).toHaveURL(/\/anforderungen\?created=[0-9a-f-]{36}$/);

  // The practice's own contract now runs; the pharmacy's shows the takeover.
  await manager.goto('/profil?tab=3');
  await expect(manager.getByRole('button', { name: new RegExp(`Vertrag ${p.contractId} Kosten übernommen`) })).toBeVisible();
  await expect(manager.getByRole('button', { name: /Vertrag \d+_[^ ]+ .*Gebucht/ }).first()).toBeVisible();

  for (const page of [doc, manager, pharmacy]) await page.context().close();
});

test('the Verträge tab with its shop fits a phone', async ({ browser }) => {
  const phone = await browserFor(browser, 'apotheke', undefined, { width: 390, height: 844 });
  await phone.goto('/profil?tab=3');
  const own = await openContract(phone, '1000_D-10001');
  await expect(own).toContainText('Full Service');
  const shop = own.getByRole('region', { name: 'Shop' });
  await expect(shop.getByRole('button', { name: 'Jetzt buchen' })).toBeDisabled();
  await shop.getByRole('button', { name: 'In den Warenkorb: Fax-Versand' }).click();
  await expect(shop.getByRole('region', { name: 'Warenkorb' })).toContainText('19,00 €');
  await expect(shop.getByRole('button', { name: 'Jetzt buchen' })).toBeEnabled();
  expect(await horizontalOverflow(phone)).toEqual([]);
  await shoot(phone, 'contracts-phone');
  if (process.env.E2E_SCREENSHOTS) {
    await own.getByRole('list', { name: 'Gebuchte Optionen' }).screenshot({ path: test.info().outputPath('contracts-phone-options.png') });
    await shop.getByRole('region', { name: 'Warenkorb' }).screenshot({ path: test.info().outputPath('contracts-phone-cart.png') });
  }
  await phone.context().close();
});
