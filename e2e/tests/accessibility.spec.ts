import { AxeBuilder } from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { apiSession, sharedPage, signInFast, transitionsDone } from '../support/layout.js';

// Every sign-in, dashboard, profile and administration page and the master-data screens pass an
// automated axe check against WCAG 2.1 A and AA (labels, contrast, landmarks, names of controls).
// A page with tabs is checked once per tab. No rule is switched off; a failure lists each rule with the elements it
// found, so the message says what to fix.

const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

type DemoUser = 'admin' | 'apotheke' | 'heim' | 'arzt';

interface Ids {
  meetingId: string;
  meetingEdit: string;
  userId: string;
  homeId: string;
}

interface PageCase {
  title: string;
  /** null: signed out. */
  user: DemoUser | null;
  path: (ids: Ids) => string;
  /** The page's h1, to know it has rendered. */
  heading: string | RegExp;
  /** Check each tab of the page's tab bar too. */
  tabs?: boolean;
}

const PAGES: PageCase[] = [
  // Sign-in, dashboard, profile and administration
  { title: 'login', user: null, path: () => '/login', heading: 'Medikationsportal' },
  { title: 'dashboard (admin)', user: 'admin', path: () => '/', heading: 'Dashboard' },
  { title: 'dashboard (heim)', user: 'heim', path: () => '/', heading: 'Dashboard' },
  { title: 'dashboard (arzt)', user: 'arzt', path: () => '/', heading: 'Dashboard' },
  { title: 'profile tabs (admin)', user: 'admin', path: () => '/profil', heading: 'Profil bearbeiten', tabs: true },
  { title: 'profile tabs (heim)', user: 'heim', path: () => '/profil', heading: 'Profil bearbeiten', tabs: true },
  { title: 'user cards', user: 'admin', path: () => '/v3/nutzer', heading: 'Nutzer' },
  { title: 'new user (v3)', user: 'admin', path: () => '/v3/nutzer/neu', heading: 'Neuer Nutzer' },
  { title: 'user edit (v3)', user: 'admin', path: (ids) => `/v3/nutzer/bearbeiten/${ids.userId}`, heading: 'Nutzer bearbeiten' },
  { title: 'user details', user: 'admin', path: (ids) => `/v3/nutzer/details/${ids.userId}`, heading: /.+/ },
  { title: 'user list (legacy)', user: 'admin', path: () => '/nutzer', heading: 'Nutzer' },
  { title: 'new user (legacy)', user: 'admin', path: () => '/nutzer/neu', heading: 'Neuer Nutzer' },
  { title: 'user edit (legacy)', user: 'admin', path: (ids) => `/nutzer/${ids.userId}`, heading: 'Nutzer bearbeiten' },
  { title: 'user delete', user: 'admin', path: (ids) => `/nutzer/${ids.userId}/loeschen`, heading: 'Nutzer löschen' },
  { title: 'meeting list', user: 'admin', path: () => '/v3/termine', heading: 'Termine' },
  { title: 'meeting details', user: 'admin', path: (ids) => `/v3/termine/${ids.meetingId}`, heading: /.+/ },
  { title: 'meeting form', user: 'admin', path: (ids) => ids.meetingEdit, heading: /.+/ },
  { title: 'company settings', user: 'admin', path: () => '/einstellungen', heading: 'Einstellungen' },
  { title: 'rights matrix', user: 'admin', path: () => '/v3/acl', heading: 'Rechte', tabs: true },
  { title: 'medicines', user: 'apotheke', path: () => '/v3/medikamente', heading: 'Medikamente' },
  // Master data, as the pharmacy maintains it
  { title: 'patients', user: 'apotheke', path: () => '/patienten', heading: 'Patienten' },
  { title: 'new patient', user: 'apotheke', path: () => '/patient/neu', heading: 'Neuer Patient' },
  { title: 'doctors', user: 'apotheke', path: () => '/aerzte', heading: 'Ärzte' },
  { title: 'new doctor', user: 'apotheke', path: () => '/arzt/neu', heading: 'Neuer Arzt' },
  { title: 'doctor offices', user: 'apotheke', path: () => '/v3/arztpraxis', heading: 'Arztpraxen' },
  { title: 'new doctor office', user: 'apotheke', path: () => '/v3/arztpraxis/neu', heading: 'Neue Arztpraxis' },
  { title: 'homes', user: 'apotheke', path: () => '/einrichtungen', heading: 'Pflegeeinrichtungen' },
  { title: 'new home', user: 'apotheke', path: () => '/einrichtung/neu', heading: 'Neue Einrichtung' },
  { title: 'home edit', user: 'apotheke', path: (ids) => `/einrichtung/${ids.homeId}`, heading: 'Einrichtung bearbeiten', tabs: true },
];

let ids: Ids;

test.beforeAll(async ({ request }) => {
  const headers = await apiSession(request);
  const meeting = (await (await request.get('/api/meetings?limit=1', { headers })).json()).data[0];
  const users = (await (await request.get('/api/users?limit=50', { headers })).json()).data as Array<{ _id: string; username: string }>;
  const home = (await (await request.get('/api/homes?limit=1', { headers })).json()).data[0];
  ids = {
    meetingId: meeting._id,
    meetingEdit: `/v3/termine/${encodeURIComponent(meeting.contractId)}/${encodeURIComponent(meeting.optionId)}/bearbeiten`,
    userId: users.find((u) => u.username === 'fahrer')!._id,
    homeId: home._id,
  };
});

/** Axe's findings as lines: rule, impact, what it asks for, and up to five elements. */
async function violations(page: Page, where: string): Promise<string[]> {
  // Only violations are read: axe then keeps one example of each passed rule instead of every
  // element, which makes a run on a large page cheaper. Every WCAG rule still runs (options()
  // replaces the whole option set, so the tags are given after it).
  const result = await new AxeBuilder({ page }).options({ resultTypes: ['violations'] }).withTags(WCAG_21_AA).analyze();
  return result.violations.map((v) => {
    const nodes = v.nodes
      .slice(0, 5)
      .map((n) => `    ${n.target.join(' ')}: ${n.failureSummary?.replace(/\s+/g, ' ') ?? ''}`)
      .join('\n');
    const more = v.nodes.length > 5 ? `\n    … ${v.nodes.length - 5} more` : '';
    return `${where} – ${v.id} (${v.impact}): ${v.help}\n${nodes}${more}`;
  });
}

async function settle(page: Page, heading: string | RegExp) {
  await expect(page.getByRole('heading', { level: 1, name: heading }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Transitions (fades, the tab indicator) end before colours are measured.
  await transitionsDone(page);
}

// One signed-in page per demo user (and one signed out) visits that user's pages in turn, each
// with a full page load: a test still checks exactly one page, without its own sign-in.
const USERS: Array<DemoUser | null> = [null, 'admin', 'heim', 'arzt', 'apotheke'];

for (const user of USERS) {
  test.describe(user ? `signed in as ${user}` : 'signed out', () => {
    // The rights page's introduction is checked in its own test below.
    const shared = sharedPage(user, (page) => page.addInitScript(() => window.localStorage.setItem('acl-intro-seen', '1')));

    for (const c of PAGES.filter((p) => p.user === user)) {
      test(`${c.title} passes axe (WCAG 2.1 AA)`, async () => {
        const page = shared();
        // One axe run takes seconds on a large page (the rights matrix); pages with tabs run several.
        if (c.tabs) test.setTimeout(180_000);
        await page.goto(c.path(ids));
        await settle(page, c.heading);
        const found = await violations(page, c.path(ids));
        if (c.tabs) {
          const tabs = page.getByRole('main').getByRole('tab');
          const count = await tabs.count();
          expect(count, 'the page has tabs').toBeGreaterThan(1);
          for (let i = 1; i < count; i++) {
            const tab = tabs.nth(i);
            const name = (await tab.textContent())?.trim() ?? String(i);
            await tab.click();
            await expect(tab).toHaveAttribute('aria-selected', 'true');
            await page.waitForLoadState('networkidle');
            await transitionsDone(page);
            found.push(...(await violations(page, `${c.path(ids)} tab "${name}"`)));
          }
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }
  });
}

test('the rights page introduction passes axe (WCAG 2.1 AA)', async ({ page, request }) => {
  await signInFast(page, request, 'admin');
  await page.goto('/v3/acl');
  await expect(page.getByRole('dialog')).toBeVisible();
  await transitionsDone(page);
  const found = await violations(page, '/v3/acl introduction');
  expect(found, found.join('\n')).toEqual([]);
});

test('the unsaved-changes question passes axe (WCAG 2.1 AA)', async ({ page, request }) => {
  await signInFast(page, request, 'admin');
  await page.goto('/einstellungen');
  const city = page.getByRole('textbox', { name: 'Ort' });
  await expect(city).not.toHaveValue('');
  await city.fill('Neustadt');
  await page.getByRole('button', { name: 'Abbrechen' }).click();
  await expect(page.getByRole('dialog', { name: 'Ungespeicherte Änderungen verwerfen?' })).toBeVisible();
  await transitionsDone(page);
  const found = await violations(page, '/einstellungen question');
  expect(found, found.join('\n')).toEqual([]);
});
