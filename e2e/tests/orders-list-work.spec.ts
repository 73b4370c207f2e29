import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { TASK_MESSAGES, TASK_STATUS_LABELS, type ListResponse, type PatientDto, type TaskDto, type TaskStatus } from '@mediport/contracts';
import { apiSession, signInFast } from '../support/layout.js';

// The orders list as a pharmacist and a care home use it all day, on a desktop (1280 × 800) and a
// phone (390 × 844): finishing offers "Rückgängig" before anything is sent, cancelling asks, each
// action keeps its place in every row, ten orders fit one desktop screen, a finger finds 44 px
// targets, the URL's limit and the order just saved (?created=) are honoured, and the dashboard's
// "Anzeigen" opens the list filtered. With E2E_SCREENSHOTS=1 some states are saved as PNGs.

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SCREENS = [
  { name: 'Desktop', viewport: DESKTOP, phone: false },
  { name: 'Telefon', viewport: PHONE, phone: true },
] as const;

/** "Rückgängig" window of finishing plus time for the request and the list's refresh. */
const AFTER_WINDOW_MS = 6_500;

/** A unique suffix so reruns against the same database do not collide. */
const run = Date.now().toString(36).slice(-5);

let admin: Record<string, string>;
let patient: PatientDto;

test.beforeAll(async ({ request }) => {
  admin = await apiSession(request, 'admin');
  const patients = (await (await request.get('/api/patients?limit=1', { headers: admin })).json()) as ListResponse<PatientDto>;
  patient = patients.data[0]!;
});

/** A new order of the demo patient through the API (Selbstkauf: no doctor needed), with its status. */
async function createOrder(request: APIRequestContext, medicine: string, status: TaskStatus = 'new', latestDelivery = ''): Promise<TaskDto> {
  const res = await request.post('/api/tasks', { headers: admin, data: { patient: patient._id, medicine, dose: '1-0-1', amount: 1, group: 'medicine', type: 2, latestDelivery } });
  expect(res.ok(), await res.text()).toBe(true);
  const task = (await res.json()) as TaskDto;
  if (status !== 'new') expect((await request.put(`/api/tasks/${task._id}`, { headers: admin, data: { status } })).ok()).toBe(true);
  return task;
}

async function statusOnServer(request: APIRequestContext, id: string): Promise<TaskStatus> {
  return ((await (await request.get(`/api/tasks/${id}`, { headers: admin })).json()) as TaskDto).status;
}

async function openList(page: Page, request: APIRequestContext, user: string, path: string) {
  await signInFast(page, request, user);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Anforderungen' })).toBeVisible();
}

/** The rows of the list: table rows on a desktop, cards on a phone (pinned ones included). */
function rows(page: Page, phone: boolean): Locator {
  return phone ? page.getByRole('list', { name: 'Anforderungen' }).getByRole('listitem') : page.getByRole('table', { name: 'Anforderungen' }).locator('tbody').getByRole('row');
}

/** The row of the order with this medicine. */
const rowWith = (page: Page, phone: boolean, medicine: string) => rows(page, phone).filter({ hasText: medicine });

/** An action by name: a button, or a link while "Bearbeiten" is allowed. */
const action = (row: Locator, name: string) => row.getByRole('button', { name, exact: true }).or(row.getByRole('link', { name, exact: true }));

async function shoot(page: Page, name: string) {
  if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: test.info().outputPath(`${name}.png`) });
}

for (const screen of SCREENS) {
  test.describe(`${screen.name} (${screen.viewport.width} × ${screen.viewport.height})`, () => {
    test.use({ viewport: screen.viewport, ...(screen.phone ? { hasTouch: true, isMobile: true } : {}) });

    test('finishing offers "Rückgängig": taken back, the order stays open; left alone, it is finished after the window', async ({ page, request }) => {
      test.setTimeout(90_000);
      const marker = `Rueckgaengig-${run}-${screen.viewport.width}`;
      const kept = await createOrder(request, `${marker} Ibuprofen`);
      const done = await createOrder(request, `${marker} Paracetamol`);
      await openList(page, request, 'apotheke', `/anforderungen?text=${encodeURIComponent(marker)}`);

      // Finish, then "Rückgängig" in the toast: nothing reaches the server, also after the window.
      const keptRow = rowWith(page, screen.phone, 'Ibuprofen');
      await action(keptRow, 'Vorgang abschließen').click();
      await expect(page.getByText(TASK_MESSAGES.finished)).toBeVisible();
      await expect(keptRow.getByText(TASK_STATUS_LABELS.finished, { exact: true })).toBeVisible();
      await shoot(page, `finish-undo-${screen.viewport.width}`);
      await page.getByRole('button', { name: 'Rückgängig' }).click();
      const takenBackAt = Date.now();
      await expect(keptRow.getByText(TASK_STATUS_LABELS.new, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Rückgängig' })).toHaveCount(0);

      // Finish and leave it: still open on the server inside the window, finished after it. The
      // first order's window runs out meanwhile (it started earlier), so one wait serves both.
      const doneRow = rowWith(page, screen.phone, 'Paracetamol');
      await action(doneRow, 'Vorgang abschließen').click();
      await expect(page.getByRole('button', { name: 'Rückgängig' })).toBeVisible();
      expect(await statusOnServer(request, done._id)).toBe('new');
      await expect.poll(() => statusOnServer(request, done._id), { timeout: 10_000 }).toBe('finished');
      await expect(action(doneRow, 'Vorgang abschließen')).toHaveAttribute('aria-disabled', 'true');

      // The order taken back: still open on the server a full window (and a request's time) later.
      const rest = AFTER_WINDOW_MS - (Date.now() - takenBackAt);
      if (rest > 0) await page.waitForTimeout(rest);
      expect(await statusOnServer(request, kept._id)).toBe('new');
      await page.reload();
      await expect(rowWith(page, screen.phone, 'Ibuprofen').getByText(TASK_STATUS_LABELS.new, { exact: true })).toBeVisible();
    });

    test('leaving the list inside the window still finishes the order (another page, or the page closed)', async ({ page, request }) => {
      const marker = `Verlassen-${run}-${screen.viewport.width}`;
      const viaRoute = await createOrder(request, `${marker} Ramipril`);
      const viaUnload = await createOrder(request, `${marker} Pantoprazol`);
      const list = `/anforderungen?text=${encodeURIComponent(marker)}`;
      await openList(page, request, 'apotheke', list);
      // Another page of the app (the list is left without a page load).
      await action(rowWith(page, screen.phone, 'Ramipril'), 'Vorgang abschließen').click();
      await expect(page.getByText(TASK_MESSAGES.finished)).toBeVisible();
      await page.getByRole('link', { name: 'Medikationsportal' }).first().click();
      await expect(page).toHaveURL(/\/$/);
      await expect.poll(() => statusOnServer(request, viaRoute._id), { timeout: 3_000 }).toBe('finished');
      // The page itself goes (a reload: the request outlives it).
      await page.goto(list);
      await action(rowWith(page, screen.phone, 'Pantoprazol'), 'Vorgang abschließen').click();
      await expect(page.getByRole('button', { name: 'Rückgängig' })).toBeVisible();
      await page.reload();
      await expect.poll(() => statusOnServer(request, viaUnload._id), { timeout: 3_000 }).toBe('finished');
    });

    test('cancelling asks first ("Möchten Sie diesen Vorgang Stornieren?")', async ({ page, request }) => {
      const marker = `Storno-${run}-${screen.viewport.width}`;
      const task = await createOrder(request, `${marker} Torasemid`);
      await openList(page, request, 'apotheke', `/anforderungen?text=${encodeURIComponent(marker)}`);
      const row = rowWith(page, screen.phone, 'Torasemid');
      await row.getByRole('button', { name: 'Weitere Aktionen' }).click();
      await page.getByRole('menu', { name: 'Weitere Aktionen' }).getByRole('menuitem', { name: 'Stornieren' }).click();
      const dialog = page.getByRole('dialog', { name: 'Vorgang stornieren' });
      await expect(dialog.getByText(TASK_MESSAGES.cancelConfirm)).toBeVisible();
      await shoot(page, `cancel-question-${screen.viewport.width}`);
      await dialog.getByRole('button', { name: 'Abbrechen' }).click();
      await expect(dialog).toBeHidden();
      expect(await statusOnServer(request, task._id)).toBe('new');

      await row.getByRole('button', { name: 'Weitere Aktionen' }).click();
      await page.getByRole('menu', { name: 'Weitere Aktionen' }).getByRole('menuitem', { name: 'Stornieren' }).click();
      await dialog.getByRole('button', { name: 'Stornieren' }).click();
      await expect(page.getByText(TASK_MESSAGES.canceled)).toBeVisible();
      await expect.poll(() => statusOnServer(request, task._id)).toBe('canceled');
    });

    test('each action keeps its place in every row, whatever the order’s status', async ({ page, request }) => {
      const marker = `Plaetze-${run}-${screen.viewport.width}`;
      await createOrder(request, `${marker} Neu-Medikament`);
      await createOrder(request, `${marker} Erledigt-Medikament`, 'finished');
      await createOrder(request, `${marker} Storniert-Medikament`, 'canceled');
      await createOrder(request, `${marker} Dringend-Medikament`, 'new', '31.12.2099');
      await openList(page, request, 'apotheke', `/anforderungen?text=${encodeURIComponent(marker)}`);
      await expect(rows(page, screen.phone)).toHaveCount(4);
      const names = ['Abholauftrag erzeugen', 'Drucken', 'Bearbeiten', 'Vorgang abschließen', 'Weitere Aktionen'];
      const places: number[][] = [];
      for (const row of await rows(page, screen.phone).all()) {
        const xs: number[] = [];
        for (const name of names) {
          const box = (await action(row, name).boundingBox())!;
          xs.push(Math.round(box.x), Math.round(box.width));
        }
        places.push(xs);
      }
      for (const xs of places.slice(1)) expect(xs).toEqual(places[0]);
      // Finish and cancel are never side by side: cancel is in "Weitere Aktionen".
      const first = rows(page, screen.phone).first();
      await expect(first.getByRole('button', { name: 'Stornieren' })).toHaveCount(0);
      // A greyed-out action names its reason.
      const finished = rowWith(page, screen.phone, 'Erledigt-Medikament');
      await expect(action(finished, 'Bearbeiten')).toHaveAttribute('aria-disabled', 'true');
      await expect(action(finished, 'Bearbeiten')).toHaveAttribute('aria-description', 'Nur offene Aufträge können bearbeitet werden');
      await shoot(page, `slots-${screen.viewport.width}`);
    });

    test('?limit=5 shows five orders', async ({ page, request }) => {
      await openList(page, request, 'apotheke', '/anforderungen?limit=5');
      await expect(page.getByText(/^1 - 5 von (mehr als )?[\d.]+ Datensätzen$/)).toBeVisible();
      await expect(rows(page, screen.phone)).toHaveCount(5);
    });

    test('?created=<id> shows the order just saved pinned on top, with "Neu angelegt" that removes it', async ({ page, request }) => {
      const medicine = `Angelegt-${run}-${screen.viewport.width} Metamizol`;
      const task = await createOrder(request, medicine);
      // A list whose page does not hold it: it is asked for by its id and pinned all the same.
      await openList(page, request, 'apotheke', `/anforderungen?status=finished&limit=5&created=${task._id}`);
      const first = rows(page, screen.phone).first();
      await expect(first).toContainText(medicine);
      if (screen.phone) await expect(first).toContainText('Neu angelegt');
      else await expect(page.getByRole('rowgroup', { name: 'Neu angelegt' }).getByRole('row')).toContainText(medicine);
      await expect(rows(page, screen.phone)).toHaveCount(6);
      await shoot(page, `created-${screen.viewport.width}`);
      await page.getByRole('button', { name: 'Neu angelegt entfernen' }).click();
      await expect(page.getByText(medicine)).toHaveCount(0);
      await expect(rows(page, screen.phone)).toHaveCount(5);
      expect(new URL(page.url()).searchParams.get('created')).toBeNull();
      expect(new URL(page.url()).searchParams.get('status')).toBe('finished');

      // The patient's orders page after "Speichern & Neuen Auftrag" likewise.
      await page.goto(`/anforderung/patient/${patient._id}?created=${task._id}`);
      await expect(page.getByRole('button', { name: 'Neu angelegt entfernen' })).toBeVisible();
      if (screen.phone) await expect(page.getByRole('list', { name: 'Letzte Aufträge' }).getByRole('listitem').first()).toContainText('Neu angelegt');
      else await expect(page.getByRole('rowgroup', { name: 'Neu angelegt' }).getByRole('row')).toContainText('Metamizol');
    });

    test('the dashboard’s "Anzeigen" opens the list with "Nur neue" or "Ungelesene Nachrichten" set', async ({ page, request }) => {
      await signInFast(page, request, 'apotheke');
      for (const [tile, param, chip] of [
        ['Neue Aufträge', 'notSeen', 'Nur neue'],
        ['Neue Nachrichten', 'notSeenEvents', 'Ungelesene Nachrichten'],
      ] as const) {
        await page.goto('/');
        await page.getByRole('region', { name: tile }).getByRole('link', { name: 'Anzeigen' }).click();
        await expect(page).toHaveURL(new RegExp(`/anforderungen\\?${param}=1$`));
        await expect(page.getByRole('list', { name: 'Aktive Filter' }).getByRole('button', { name: `${chip} entfernen` })).toBeVisible();
        if (!screen.phone) await expect(page.getByRole('switch', { name: chip })).toBeChecked();
      }
    });
  });
}

test.describe('Desktop 1280 × 800: a pharmacist’s screen', () => {
  test.use({ viewport: DESKTOP });

  test('shows at least ten orders without scrolling, in compact rows of at most 56 px; the filters fold behind "Weitere Filter"', async ({ page, request }) => {
    await openList(page, request, 'apotheke', '/anforderungen');
    await expect(page.getByRole('switch', { name: 'Kompakte Ansicht' })).toBeChecked();
    const all = rows(page, false);
    await expect(all.first()).toBeVisible();
    const boxes = await all.evaluateAll((trs) => trs.map((tr) => tr.getBoundingClientRect()).map((r) => ({ top: r.top, bottom: r.bottom, height: r.height })));
    const inView = boxes.filter((b) => b.top >= 0 && b.bottom <= DESKTOP.height);
    expect(inView.length).toBeGreaterThanOrEqual(10);
    for (const b of boxes.slice(0, 10)) expect(b.height).toBeLessThanOrEqual(56);
    await expect(page.getByRole('combobox', { name: 'Arzt' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Weitere Filter' }).click();
    await expect(page.getByRole('combobox', { name: 'Arzt' })).toBeVisible();
    await shoot(page, 'desktop-compact');

    // The roomy view is remembered.
    await page.getByRole('switch', { name: 'Kompakte Ansicht' }).click();
    await page.reload();
    await expect(page.getByRole('switch', { name: 'Kompakte Ansicht' })).not.toBeChecked();
  });

  test('"Alle als gelesen markieren" asks first', async ({ page, request }) => {
    await openList(page, request, 'heim', '/anforderungen');
    await page.getByRole('button', { name: 'Alle als gelesen markieren' }).click();
    const dialog = page.getByRole('dialog', { name: 'Alle als gelesen markieren' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(TASK_MESSAGES.allSeen)).toHaveCount(0);
  });
});

test.describe('Telefon 390 × 844 with a finger', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('every action of a card is at least 44 × 44 px; a card tells patient with birth date, medicine, status and due date, the status right below the title', async ({ page, request }) => {
    const marker = `Finger-${run}`;
    await createOrder(request, `${marker} Bisoprolol`, 'new', '31.12.2099');
    await openList(page, request, 'apotheke', `/anforderungen?text=${encodeURIComponent(marker)}`);
    const card = rows(page, true).first();
    // Name with birth date, so two residents of the same name are told apart on a phone too.
    await expect(card).toContainText(`${patient.firstname} ${patient.lastname} (${patient.dateOfBirth}) · ${marker} Bisoprolol`);
    await expect(card).toContainText('bis 31.12.2099');
    const targets = card.getByRole('button').or(card.getByRole('link'));
    const count = await targets.count();
    expect(count).toBeGreaterThanOrEqual(5);
    for (let i = 0; i < count; i++) {
      const box = (await targets.nth(i).boundingBox())!;
      const name = (await targets.nth(i).getAttribute('aria-label')) ?? (await targets.nth(i).textContent());
      expect(box.width, `${name} width`).toBeGreaterThanOrEqual(44);
      expect(box.height, `${name} height`).toBeGreaterThanOrEqual(44);
    }
    // The selection: its label is the 44 px target.
    const select = card.getByRole('checkbox', { name: /auswählen$/ });
    const label = (await select.evaluate((el) => el.closest('label')!.getBoundingClientRect().toJSON())) as DOMRect;
    expect(label.width).toBeGreaterThanOrEqual(44);
    expect(label.height).toBeGreaterThanOrEqual(44);
    // Title line and status line above the actions.
    const title = card.getByText(`${marker} Bisoprolol`, { exact: false });
    const due = card.getByText('bis 31.12.2099');
    const finish = card.getByRole('button', { name: 'Vorgang abschließen' });
    const [t, d, f] = [(await title.boundingBox())!, (await due.boundingBox())!, (await finish.boundingBox())!];
    expect(d.y).toBeGreaterThan(t.y);
    // The status line follows the title at once (the title may take two lines: name, birth date, medicine).
    expect(d.y - (t.y + t.height)).toBeLessThan(16);
    expect(f.y).toBeGreaterThan(d.y);
    await shoot(page, 'phone-card');
  });
});
