import { test, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD } from './sidebar.js';

/** The widths the suite checks: a phone, a tablet, a desktop (the layout's breakpoints, 426 / 601 / 768 / 1024 px, lie between). */
export const VIEWPORTS = [
  { name: 'Telefon', width: 390, height: 844 },
  { name: 'Tablet', width: 768, height: 1024 },
  { name: 'Desktop', width: 1280, height: 800 },
] as const;

/**
 * Elements that reach past the left or right edge of the viewport, described for the failure
 * message; empty when nothing does. An element inside a box that scrolls sideways (overflow-x
 * auto or scroll) and is itself in view counts as reachable; one cut off by `overflow: hidden`
 * or `clip` does not. Hidden elements (display none, visibility hidden, no size) are skipped.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    const page = document.documentElement.scrollWidth;
    if (page > viewport + 1) found.push(`the page scrolls sideways (${page} px wide, viewport ${viewport} px)`);
    const outside = (r: DOMRect) => r.right > viewport + 1 || r.left < -1;
    const scrollableAncestorInView = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'auto' || style.overflowX === 'scroll') return !outside(p.getBoundingClientRect());
      }
      return false;
    };
    // An element cut off by an ancestor that hides its overflow and sits inside the viewport does
    // not reach past the screen (e.g. MUI's invisible, oversized switch input inside its thumb).
    const clippedByAncestorInView = (el: Element) => {
      for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
        const style = getComputedStyle(p);
        if (style.overflowX === 'hidden' || style.overflowX === 'clip') return !outside(p.getBoundingClientRect());
      }
      return false;
    };
    const describe = (el: Element, r: DOMRect) => {
      const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
      const cls = typeof el.className === 'string' ? el.className.split(' ').find((c) => c.startsWith('Mui')) : undefined;
      return `<${el.tagName.toLowerCase()}${cls ? ` ${cls}` : ''}> "${name}" spans ${Math.round(r.left)}–${Math.round(r.right)} px`;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || !outside(r)) continue;
      if (scrollableAncestorInView(el) || clippedByAncestorInView(el)) continue;
      // Report the outermost offender only: its children overflow with it.
      const parent = el.parentElement;
      if (parent && parent !== document.body && outside(parent.getBoundingClientRect()) && !scrollableAncestorInView(parent)) continue;
      found.push(describe(el, r));
    }
    return found;
  });
}

/**
 * Links and buttons of the page's main content that lie beyond the viewport's left or right edge,
 * e.g. a table's actions reachable only by scrolling it sideways (no cue on a phone). Empty when
 * every action is in view.
 */
export async function actionsOutOfView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const viewport = document.documentElement.clientWidth;
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('main a[href], main button, main [role="button"]'))) {
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      // A tab bar that scrolls sideways with its arrow buttons shown is a phone pattern with a cue.
      const tabs = el.getAttribute('role') === 'tab' ? el.closest('.MuiTabs-root') : null;
      if (tabs && tabs.querySelector('.MuiTabs-scrollButtons:not(.Mui-disabled)')) continue;
      if (r.right > viewport + 1 || r.left < -1) {
        const name = el.getAttribute('aria-label') ?? (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
        found.push(`<${el.tagName.toLowerCase()}> "${name}" at ${Math.round(r.left)}–${Math.round(r.right)} px`);
      }
    }
    return found;
  });
}

/** Signs in through the API (no browser) and returns the auth record. */
async function apiSignIn(request: APIRequestContext, username: string): Promise<{ token: string }> {
  const res = await request.post('/api/auth', { data: { username, password: DEMO_PASSWORD } });
  if (!res.ok()) throw new Error(`${username} sign-in failed: ${res.status()}`);
  return res.json();
}

/** The session header of a demo user, for looking up ids the pages need. */
export async function apiSession(request: APIRequestContext, username = 'admin'): Promise<Record<string, string>> {
  return { 'x-auth-token': (await apiSignIn(request, username)).token };
}

/**
 * Signs in in the browser without the login page: stores the auth record the way the shell does.
 * The record is written on a small JSON answer of the app's origin (/api/config), not on a page of
 * the app, so no bundle is loaded for it; the caller opens the page it tests next.
 */
export async function signInFast(page: Page, request: APIRequestContext, username = 'admin'): Promise<void> {
  const record = await apiSignIn(request, username);
  await page.goto('/api/config');
  await page.evaluate((auth) => window.localStorage.setItem('auth', JSON.stringify(auth)), record);
}

/**
 * One page of its own browser context, signed in as a demo user (null: signed out), shared by the
 * tests of the enclosing `describe`: created once per worker before its first test, closed after
 * its last. Each test opens its page with a full load; the sign-in and the app's scripts (kept in
 * the context's cache) are paid once per group instead of once per test. A failing test gets a
 * screenshot of the page attached and restarts the worker, so the tests after it get a new
 * context. Only for tests that look at pages and leave no half-done input behind.
 */
export function sharedPage(username: string | null, init?: (page: Page) => Promise<unknown>): () => Page {
  let page: Page | undefined;
  test.beforeAll(async ({ browser }, testInfo) => {
    const use = testInfo.project.use;
    const context: BrowserContext = await browser.newContext({
      baseURL: use.baseURL,
      locale: use.locale,
      timezoneId: use.timezoneId,
      viewport: use.viewport,
      userAgent: use.userAgent,
      deviceScaleFactor: use.deviceScaleFactor,
      isMobile: use.isMobile,
      hasTouch: use.hasTouch,
    });
    page = await context.newPage();
    if (init) await init(page);
    if (username) await signInFast(page, context.request, username);
  });
  test.afterEach(async ({}, testInfo) => {
    if (page && testInfo.status !== testInfo.expectedStatus) {
      await testInfo.attach('screenshot', { body: await page.screenshot(), contentType: 'image/png' });
    }
  });
  test.afterAll(async () => {
    await page?.context().close();
  });
  return () => {
    if (!page) throw new Error('sharedPage() is used outside the tests of its describe');
    return page;
  };
}

/**
 * Waits until no CSS transition or finite animation runs (a fade, a dialog opening, the tab
 * indicator moving), so what is measured next is the resting state; endless ones (a spinner) are
 * not waited for.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity),
  );
}
