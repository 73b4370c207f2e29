/** Minimum browser versions; older ones get the unsupported-browser toast. */
export const MIN_VERSIONS: Record<string, number> = { Chrome: 90, Edge: 90, Firefox: 90, Safari: 14 };

export interface DetectedBrowser {
  name: string;
  /** Full version as the user agent gives it (e.g. "89.0.4389.82"). */
  version: string;
  major: number;
  /** Key of the not_supported_{parser} cookie. */
  parser: string;
}

const PATTERNS: ReadonlyArray<{ name: string; re: RegExp }> = [
  { name: 'Internet Explorer', re: /(?:MSIE |Trident\/.*rv:)(\d+[\d.]*)/ },
  { name: 'Edge', re: /Edg(?:e|A|iOS)?\/(\d+[\d.]*)/ },
  { name: 'Opera', re: /(?:OPR|Opera)\/(\d+[\d.]*)/ },
  { name: 'Samsung Internet', re: /SamsungBrowser\/(\d+[\d.]*)/ },
  { name: 'Firefox', re: /(?:Firefox|FxiOS)\/(\d+[\d.]*)/ },
  { name: 'Chrome', re: /(?:HeadlessChrome|Chrome|CriOS)\/(\d+[\d.]*)/ },
  { name: 'Safari', re: /Version\/(\d+[\d.]*).*Safari\// },
];

/** Reads browser name and version from a user agent string; null when unknown. */
export function parseUserAgent(ua: string): DetectedBrowser | null {
  for (const { name, re } of PATTERNS) {
    const m = re.exec(ua);
    if (!m?.[1]) continue;
    const version = m[1];
    return { name, version, major: Number.parseInt(version, 10), parser: name.toLowerCase().replace(/\s+/g, '_') };
  }
  return null;
}

/**
 * Supported: one of the four named browsers at or above its minimum. Internet Explorer is never
 * supported; other (Chromium-based) browsers are not judged.
 */
export function isSupported(browser: DetectedBrowser | null): boolean {
  if (!browser) return true;
  if (browser.name === 'Internet Explorer') return false;
  const min = MIN_VERSIONS[browser.name];
  return min === undefined || browser.major >= min;
}

export function cookieName(browser: DetectedBrowser): string {
  return `not_supported_${browser.parser}`;
}

export function hasCookie(cookies: string, name: string): boolean {
  return cookies.split(';').some((c) => c.trim().startsWith(`${name}=`));
}

export interface BrowserCheckResult {
  browser: DetectedBrowser;
  /** Cookie to set (1 day, path /) so the toast is not repeated. */
  cookie: string;
}

/**
 * Returns what to show for an unsupported browser, or null when nothing is to be shown
 * (supported, unknown, or already told within the cookie's day).
 */
export function checkBrowser(ua: string, cookies: string): BrowserCheckResult | null {
  const browser = parseUserAgent(ua);
  if (!browser || isSupported(browser)) return null;
  const name = cookieName(browser);
  if (hasCookie(cookies, name)) return null;
  return { browser, cookie: `${name}=1; max-age=86400; path=/; SameSite=Lax` };
}
