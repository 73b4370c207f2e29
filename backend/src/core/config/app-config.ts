import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { findRepoRoot } from './paths.js';

export const REMOTE_NAMES = ['orders', 'masterdata', 'admin', 'profile'] as const;
export type RemoteName = (typeof REMOTE_NAMES)[number];

/**
 * The permission of each remote's sidebar area: the shell loads a remote at start only for users
 * who hold it (null: every signed-in user), so accounting, with the profile alone, loads nothing else.
 */
export const REMOTE_PERMISSIONS: Record<RemoteName, string | null> = {
  orders: 'section_orders_view',
  masterdata: 'section_masterdata_view',
  admin: 'section_administration_view',
  profile: null,
};

/** Validated process settings. Everything comes from the environment (README lists the defaults). */
export interface AppConfig {
  port: number;
  dataDir: string;
  databaseUrl: string | null;
  jwtSecret: string;
  /**
   * Key of the payment data encrypted at rest (PAYMENT_DATA_KEY: 32 bytes as base64 or 64 hex
   * digits; default generated once into DATA_DIR/payment-data-key). AES-256-GCM, see modules/payment.
   */
  paymentDataKey: Buffer;
  demo: boolean;
  sso: {
    enabled: boolean;
    issuer: string | null;
    clientId: string | null;
    clientSecret: string | null;
    redirectUri: string | null;
    authorizationUrl: string | null;
    nonce: string | null;
  };
  system: { deadline: string | null; url: string | null };
  redisUrl: string | null;
  /** Prefix of this deployment's Redis keys and channels (REDIS_PREFIX), so deployments can share a Redis. */
  redisPrefix: string;
  /** How often each socket's session is re-checked (SOCKET_SWEEP_MS), in ms. */
  socketSweepMs: number;
  /**
   * Express `trust proxy` (TRUST_PROXY): false = the socket address is the client (default, no
   * proxy); a hop count (e.g. 1 behind the bundled nginx); or a list of trusted addresses/subnets.
   * Decides `req.ip`, which the sign-in throttle counts per address: trusting every proxy would let
   * a client forge X-Forwarded-For.
   */
  trustProxy: false | number | string;
  /** PDF output through Chromium (see core/pdf): browser binary, parallel renders, time limit. */
  pdf: PdfConfig;
  /** Outgoing e-mail (see core/outbox): the SMTP server, or .eml files under DATA_DIR/outbox without one. */
  mail: MailConfig;
  /** The outbox dispatcher (see core/outbox): poll interval, retry backoff, attempts. */
  outbox: OutboxConfig;
  /** When an unanswered prescription request is reminded (see modules/documents). */
  recipeReminders: RecipeReminderConfig;
  /** The HTTP fax gateway (see core/outbox/http-fax.gateway.ts and modules/fax): where faxes go and how their reports are signed. */
  fax: FaxConfig;
  staticRoot: string;
  remoteUrls: Record<RemoteName, string>;
  /** Origins allowed to call /api from a browser page of another origin (CORS_ORIGINS); empty = same origin only. */
  corsOrigins: string[];
  migrationsDir: string;
  /** Seed the demo data automatically when the database has no users. */
  autoSeed: boolean;
  /** With the demo data, also ~300 demo orders with chat and attachments (DEMO_ORDERS, default: the demo flag; the API specs turn it off). */
  demoOrders: boolean;
  /** Serve the OpenAPI document and Swagger UI at /api/docs (API_DOCS, default on; 0 turns them off). */
  apiDocs: boolean;
  /** Minimum level of the JSON log (LOG_LEVEL): fatal, error, warn, info (default), debug, trace or silent. */
  logLevel: LogLevelName;
  /**
   * /metrics (Prometheus). `token` (METRICS_TOKEN): required as `Authorization: Bearer <token>`.
   * `port` (METRICS_PORT, `[host:]port`): serve /metrics only there, on `host` (default 127.0.0.1).
   * Neither set: /metrics answers 404.
   */
  metrics: { token: string | null; port: number | null; host: string };
}

export interface PdfConfig {
  /** The Chromium binary (CHROMIUM_PATH, default /usr/bin/chromium). */
  chromiumPath: string;
  /** Renders at once, one browser page each (PDF_CONCURRENCY, default 4). */
  concurrency: number;
  /** Renders waiting beyond those (PDF_QUEUE_LIMIT, default 100); more are refused with 503. */
  queueLimit: number;
  /** Longest wait of one render, queue included (PDF_TIMEOUT_MS, default 20000); then 503. */
  timeoutMs: number;
}

export interface MailConfig {
  /** SMTP_URL: smtp://[user:pass@]host[:port] (STARTTLS when offered) or smtps://…; null writes .eml files instead. */
  smtpUrl: string | null;
  /** SMTP_FROM: the sender of every e-mail (default 'Medikationsportal <noreply@localhost>'). */
  from: string;
  /** SMTP_TIMEOUT_MS: limit of connecting, of the greeting and of each silence of the server (default 10000). */
  timeoutMs: number;
  /**
   * FAX_MAIL_DOMAIN: mail-to-fax gateway; a fax goes as an e-mail with the PDF to
   * `<number without +>@<domain>` (through SMTP_URL). Null: faxes are written as PDFs under DATA_DIR/outbox/.
   */
  faxMailDomain: string | null;
}

export interface OutboxConfig {
  /** OUTBOX_POLL_MS: how often an idle dispatcher looks for due messages (default 1000); an enqueue wakes it at once. */
  pollMs: number;
  /** OUTBOX_BACKOFF_MS: wait after the first failed attempt (default 30000); each further wait is four times longer, at most 6 h. */
  backoffMs: number;
  /** OUTBOX_MAX_ATTEMPTS: attempts of a message before it is 'failed' (default 6). */
  maxAttempts: number;
  /** OUTBOX_CONCURRENCY: messages one instance sends at once, and its open SMTP connections (default 4). */
  concurrency: number;
}

export interface FaxConfig {
  /**
   * FAX_GATEWAY_URL: the HTTP fax gateway's endpoint for new faxes (http:// or https://). Set, faxes
   * go there (before FAX_MAIL_DOMAIN); its delivery reports come to POST /api/fax/callback.
   */
  gatewayUrl: string | null;
  /** FAX_GATEWAY_TOKEN: sent as `Authorization: Bearer <token>`. */
  gatewayToken: string | null;
  /** FAX_CALLBACK_SECRET: key of the reports' HMAC-SHA256 signature (X-Fax-Signature); required with FAX_GATEWAY_URL. */
  callbackSecret: string | null;
  /** FAX_GATEWAY_TIMEOUT_MS: limit of one submission to the gateway (default 30000); longer is a failure worth retrying. */
  timeoutMs: number;
  /** FAX_REPORT_TIMEOUT_MS: how long a submitted fax waits for its delivery report (default 1 h); then it is 'failed'. */
  reportTimeoutMs: number;
}

export interface RecipeReminderConfig {
  /** RECIPE_REMINDER_WORKING_DAYS: working days (Monday to Friday) after sending (default 2). */
  workingDays: number;
  /** RECIPE_REMINDER_URGENT_HOURS: hours after sending for a request marked 'dringend' (default 4). */
  urgentHours: number;
}

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];

export class ConfigError extends Error {}

function flag(value: string | undefined, fallback: boolean): boolean {
  if (value === undefined || value === '') return fallback;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`Invalid boolean value "${value}"`);
}

function text(value: string | undefined): string | null {
  return value === undefined || value.trim() === '' ? null : value.trim();
}

/**
 * CORS_ORIGINS: comma-separated origins such as `https://partner.example.org,http://localhost:3000`.
 * Each must be exactly an http(s) origin (no path, no wildcard, not "null"), so a typo fails the boot
 * instead of silently allowing or blocking a caller.
 */
function corsOrigins(value: string | undefined): string[] {
  const out: string[] = [];
  for (const raw of (value ?? '').split(',')) {
    const entry = raw.trim();
    if (entry === '') continue;
    let origin: string | null = null;
    try {
      const url = new URL(entry);
      const bare = url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password && !entry.includes('*');
      if ((url.protocol === 'http:' || url.protocol === 'https:') && bare) origin = url.origin;
    } catch {
      origin = null;
    }
    if (!origin) throw new ConfigError(`Invalid origin "${raw.trim()}" in CORS_ORIGINS (expected e.g. https://partner.example.org)`);
    if (!out.includes(origin)) out.push(origin);
  }
  return out;
}

function trustProxy(value: string | undefined): false | number | string {
  const v = (value ?? '').trim();
  if (v === '' || v === '0' || v.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(v)) return Number(v);
  if (v.toLowerCase() === 'true') throw new ConfigError('TRUST_PROXY=true would trust every X-Forwarded-For entry; give the number of proxy hops instead (e.g. 1)');
  if (!/^[\w.:/,\s-]+$/.test(v)) throw new ConfigError(`Invalid TRUST_PROXY "${v}" (a hop count or a comma-separated list of addresses/subnets)`);
  return v;
}

/** SOCKET_SWEEP_MS: default 30 s; at least 10 ms so a typo cannot turn the sweep into a busy loop. */
function socketSweepMs(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return 30_000;
  const ms = Number(value);
  if (!Number.isInteger(ms) || ms < 10) throw new ConfigError(`Invalid SOCKET_SWEEP_MS "${value}" (milliseconds, at least 10)`);
  return ms;
}

function logLevel(value: string | undefined): LogLevelName {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '') return 'info';
  if (!(LOG_LEVELS as readonly string[]).includes(v)) throw new ConfigError(`Invalid LOG_LEVEL "${value}" (one of ${LOG_LEVELS.join(', ')})`);
  return v as LogLevelName;
}

/** METRICS_TOKEN: a bearer token, at least 16 characters so a placeholder like "secret" fails the boot. */
function metricsToken(value: string | undefined): string | null {
  const token = text(value);
  if (token && !/^[\x21-\x7e]{16,}$/.test(token)) throw new ConfigError('Invalid METRICS_TOKEN (at least 16 visible ASCII characters, no spaces)');
  return token;
}

/** METRICS_PORT: `9464` (on 127.0.0.1) or `host:port`, e.g. `0.0.0.0:9464` for a scraper in another container. */
function metricsListen(value: string | undefined, appPort: number): { port: number | null; host: string } {
  const v = text(value);
  if (!v) return { port: null, host: '127.0.0.1' };
  const match = /^(?:(\[[0-9a-f:.]+\]|[\w.-]+):)?(\d{1,5})$/i.exec(v);
  const port = match ? Number(match[2]) : NaN;
  if (!match || port > 65535) throw new ConfigError(`Invalid METRICS_PORT "${v}" (a port such as 9464, or host:port)`);
  if (port !== 0 && port === appPort) throw new ConfigError(`METRICS_PORT ${port} is the application's PORT; choose another port`);
  return { port, host: match[1]?.replace(/^\[|\]$/g, '') ?? '127.0.0.1' };
}

/** A whole number within [min, max] from the environment, or the fallback when unset. */
function intSetting(name: string, value: string | undefined, fallback: number, min: number, max: number): number {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new ConfigError(`Invalid ${name} "${value}" (a whole number from ${min} to ${max})`);
  return n;
}

function pdfConfig(env: NodeJS.ProcessEnv): PdfConfig {
  return {
    chromiumPath: text(env.CHROMIUM_PATH) ?? '/usr/bin/chromium',
    concurrency: intSetting('PDF_CONCURRENCY', env.PDF_CONCURRENCY, 4, 1, 32),
    queueLimit: intSetting('PDF_QUEUE_LIMIT', env.PDF_QUEUE_LIMIT, 100, 0, 10_000),
    // At least 1 s: a shorter limit would refuse every cold start (launching Chromium takes ~0.3 s and more under load).
    timeoutMs: intSetting('PDF_TIMEOUT_MS', env.PDF_TIMEOUT_MS, 20_000, 1000, 600_000),
  };
}

/** SMTP_URL: an smtp:// or smtps:// URL with a host; anything else fails the boot (the value is never echoed: it may hold a password). */
function smtpUrl(value: string | undefined): string | null {
  const v = text(value);
  if (!v) return null;
  let url: URL | null = null;
  try {
    url = new URL(v);
  } catch {
    url = null;
  }
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') || !url.hostname) {
    throw new ConfigError('Invalid SMTP_URL (expected smtp://[user:password@]host[:port] or smtps://…)');
  }
  return v;
}

/** SMTP_FROM: `Name <address>` or a bare address; one address, no line breaks. */
function smtpFrom(value: string | undefined): string {
  const v = text(value);
  if (!v) return 'Medikationsportal <noreply@localhost>';
  const address = '[^\\s<>@,;"]+@[^\\s<>@,;"]+';
  if (!new RegExp(`^(?:[^<>@\\r\\n]*<${address}>|${address})$`).test(v)) throw new ConfigError(`Invalid SMTP_FROM "${v}" (e.g. Medikationsportal <noreply@example.org>)`);
  return v;
}

/** FAX_MAIL_DOMAIN: a host name (letters, digits, dots, dashes). */
function faxMailDomain(value: string | undefined): string | null {
  const v = text(value);
  if (!v) return null;
  if (!/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/i.test(v)) throw new ConfigError(`Invalid FAX_MAIL_DOMAIN "${v}" (a host name, e.g. fax.example.org)`);
  return v.toLowerCase();
}

function mailConfig(env: NodeJS.ProcessEnv): MailConfig {
  return {
    smtpUrl: smtpUrl(env.SMTP_URL),
    from: smtpFrom(env.SMTP_FROM),
    timeoutMs: intSetting('SMTP_TIMEOUT_MS', env.SMTP_TIMEOUT_MS, 10_000, 100, 300_000),
    faxMailDomain: faxMailDomain(env.FAX_MAIL_DOMAIN),
  };
}

/** FAX_GATEWAY_URL: an http(s) URL with a host; never echoed (it may carry credentials). */
function faxGatewayUrl(value: string | undefined): string | null {
  const v = text(value);
  if (!v) return null;
  const url = URL.canParse(v) ? new URL(v) : null;
  if (!url || !['http:', 'https:'].includes(url.protocol) || !url.hostname) throw new ConfigError('Invalid FAX_GATEWAY_URL (expected http(s)://host[:port]/path)');
  return v;
}

/** A secret from the environment: at least 16 visible ASCII characters, so a placeholder fails the boot; never echoed. */
function secretSetting(name: string, value: string | undefined): string | null {
  const v = text(value);
  if (v && !/^[\x21-\x7e]{16,}$/.test(v)) throw new ConfigError(`Invalid ${name} (at least 16 visible ASCII characters, no spaces)`);
  return v;
}

function faxConfig(env: NodeJS.ProcessEnv): FaxConfig {
  const gatewayUrl = faxGatewayUrl(env.FAX_GATEWAY_URL);
  const callbackSecret = secretSetting('FAX_CALLBACK_SECRET', env.FAX_CALLBACK_SECRET);
  // Without the secret no report could be verified: every fax would wait for its deadline and fail.
  if (gatewayUrl && !callbackSecret) throw new ConfigError('FAX_GATEWAY_URL needs FAX_CALLBACK_SECRET (the key of the gateway\'s signed delivery reports)');
  return {
    gatewayUrl,
    gatewayToken: secretSetting('FAX_GATEWAY_TOKEN', env.FAX_GATEWAY_TOKEN),
    callbackSecret,
    timeoutMs: intSetting('FAX_GATEWAY_TIMEOUT_MS', env.FAX_GATEWAY_TIMEOUT_MS, 30_000, 100, 600_000),
    reportTimeoutMs: intSetting('FAX_REPORT_TIMEOUT_MS', env.FAX_REPORT_TIMEOUT_MS, 3_600_000, 1000, 7 * 24 * 3_600_000),
  };
}

function outboxConfig(env: NodeJS.ProcessEnv): OutboxConfig {
  return {
    // At least 10 ms so a typo cannot turn the poll into a busy loop.
    pollMs: intSetting('OUTBOX_POLL_MS', env.OUTBOX_POLL_MS, 1000, 10, 600_000),
    backoffMs: intSetting('OUTBOX_BACKOFF_MS', env.OUTBOX_BACKOFF_MS, 30_000, 10, 3_600_000),
    maxAttempts: intSetting('OUTBOX_MAX_ATTEMPTS', env.OUTBOX_MAX_ATTEMPTS, 6, 1, 50),
    concurrency: intSetting('OUTBOX_CONCURRENCY', env.OUTBOX_CONCURRENCY, 4, 1, 32),
  };
}

function jwtSecretFor(env: NodeJS.ProcessEnv, dataDir: string): string {
  const given = text(env.JWT_SECRET);
  if (given) return given;
  // Generated once per data directory so tokens survive a restart of the embedded mode.
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** PAYMENT_DATA_KEY: exactly 32 bytes, as 64 hex digits or base64/base64url; anything else fails the boot (never echoed). */
function paymentDataKeyFor(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  const given = text(env.PAYMENT_DATA_KEY);
  if (given) {
    const key = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : /^[A-Za-z0-9+/_-]{43}=?$/.test(given) ? Buffer.from(given, 'base64') : null;
    if (!key || key.length !== 32) throw new ConfigError('Invalid PAYMENT_DATA_KEY (32 bytes: 64 hex digits or 44 base64 characters, e.g. openssl rand -base64 32)');
    return key;
  }
  // Generated once per data directory like the JWT secret: losing it makes the stored IBANs unreadable.
  const file = path.join(dataDir, 'payment-data-key');
  if (existsSync(file)) {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length !== 32) throw new ConfigError(`Invalid key in ${file} (expected 32 bytes as base64)`);
    return key;
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 8080);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new ConfigError(`Invalid PORT "${env.PORT}"`);
  // Relative to where npm was invoked (INIT_CWD), so `npm run seed` from the root uses the same folder as `npm start`.
  const dataDir = path.resolve(env.INIT_CWD ?? process.cwd(), text(env.DATA_DIR) ?? './data');
  const databaseUrl = text(env.DATABASE_URL);
  const deadline = text(env.SYSTEM_DEADLINE);
  if (deadline && Number.isNaN(Date.parse(deadline))) throw new ConfigError(`Invalid SYSTEM_DEADLINE "${deadline}"`);
  const root = findRepoRoot();
  const staticRoot = path.resolve(text(env.STATIC_ROOT) ?? path.join(root, 'frontends'));
  const ssoEnabled = flag(env.SSO_ENABLED, false);
  const issuer = text(env.OIDC_ISSUER);
  const demo = flag(env.DEMO, databaseUrl === null);
  return {
    port,
    dataDir,
    databaseUrl,
    jwtSecret: jwtSecretFor(env, dataDir),
    paymentDataKey: paymentDataKeyFor(env, dataDir),
    demo,
    sso: {
      enabled: ssoEnabled,
      issuer,
      clientId: text(env.OIDC_CLIENT_ID),
      clientSecret: text(env.OIDC_CLIENT_SECRET),
      redirectUri: text(env.OIDC_REDIRECT_URI),
      // Unset: the OAuth module answers the endpoint found by OpenID discovery of the issuer.
      authorizationUrl: text(env.OIDC_AUTHORIZATION_URL),
      nonce: text(env.OIDC_NONCE) ?? (ssoEnabled ? 'mediport' : null),
    },
    system: { deadline: deadline ? new Date(deadline).toISOString() : null, url: text(env.SYSTEM_URL) },
    redisUrl: text(env.REDIS_URL),
    redisPrefix: text(env.REDIS_PREFIX) ?? 'mediport',
    socketSweepMs: socketSweepMs(env.SOCKET_SWEEP_MS),
    trustProxy: trustProxy(env.TRUST_PROXY),
    pdf: pdfConfig(env),
    mail: mailConfig(env),
    outbox: outboxConfig(env),
    recipeReminders: {
      workingDays: intSetting('RECIPE_REMINDER_WORKING_DAYS', env.RECIPE_REMINDER_WORKING_DAYS, 2, 1, 30),
      urgentHours: intSetting('RECIPE_REMINDER_URGENT_HOURS', env.RECIPE_REMINDER_URGENT_HOURS, 4, 1, 168),
    },
    fax: faxConfig(env),
    staticRoot,
    remoteUrls: {
      orders: text(env.REMOTE_ORDERS_URL) ?? '/remotes/orders/mf-manifest.json',
      masterdata: text(env.REMOTE_MASTERDATA_URL) ?? '/remotes/masterdata/mf-manifest.json',
      admin: text(env.REMOTE_ADMIN_URL) ?? '/remotes/admin/mf-manifest.json',
      profile: text(env.REMOTE_PROFILE_URL) ?? '/remotes/profile/mf-manifest.json',
    },
    corsOrigins: corsOrigins(env.CORS_ORIGINS),
    migrationsDir: path.resolve(text(env.MIGRATIONS_DIR) ?? path.join(root, 'backend', 'drizzle')),
    autoSeed: demo,
    demoOrders: flag(env.DEMO_ORDERS, demo),
    apiDocs: flag(env.API_DOCS, true),
    logLevel: logLevel(env.LOG_LEVEL),
    metrics: { token: metricsToken(env.METRICS_TOKEN), ...metricsListen(env.METRICS_PORT, port) },
  };
}
