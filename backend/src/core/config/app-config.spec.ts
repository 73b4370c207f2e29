import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ConfigError, loadConfig } from './app-config.js';

const tmp = () => mkdtempSync(path.join(os.tmpdir(), 'mediport-config-'));

describe('loadConfig', () => {
  it('uses the embedded defaults: port 8080, demo on, PGlite', () => {
    const dir = tmp();
    const config = loadConfig({ DATA_DIR: dir });
    expect(config).toMatchObject({ port: 8080, dataDir: dir, databaseUrl: null, demo: true, redisUrl: null });
    expect(config.sso.enabled).toBe(false);
    expect(config.remoteUrls.orders).toBe('/remotes/orders/mf-manifest.json');
    expect(config.staticRoot.endsWith(`${path.sep}frontends`)).toBe(true);
  });

  it('generates the JWT secret once per data directory', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).jwtSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8')).toBe(first);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(first);
  });

  it('generates the payment data key once per data directory, or takes PAYMENT_DATA_KEY as hex or base64', () => {
    const dir = tmp();
    const first = loadConfig({ DATA_DIR: dir }).paymentDataKey;
    expect(first.length).toBe(32);
    expect(readFileSync(path.join(dir, 'payment-data-key'), 'utf8')).toBe(first.toString('base64'));
    expect(loadConfig({ DATA_DIR: dir }).paymentDataKey.equals(first)).toBe(true);
    const hex = 'ab'.repeat(32);
    expect(loadConfig({ DATA_DIR: tmp(), PAYMENT_DATA_KEY: hex }).paymentDataKey.toString('hex')).toBe(hex);
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ DATA_DIR: tmp(), PAYMENT_DATA_KEY: b64 }).paymentDataKey.equals(Buffer.alloc(32, 7))).toBe(true);
  });

  it.each(['geheim', 'ab'.repeat(31), 'ab'.repeat(33), Buffer.alloc(16).toString('base64'), Buffer.alloc(48, 255).toString('base64')])('refuses PAYMENT_DATA_KEY %s without repeating it', (value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', PAYMENT_DATA_KEY: value })).toThrow(/^Invalid PAYMENT_DATA_KEY \(/);
  });

  it.each([
    { title: 'DATABASE_URL set', env: { DATABASE_URL: 'postgres://x/y' }, demo: false },
    { title: 'DATABASE_URL and DEMO=1', env: { DATABASE_URL: 'postgres://x/y', DEMO: '1' }, demo: true },
    { title: 'DEMO=0 embedded', env: { DEMO: '0' }, demo: false },
  ])('demo flag with $title is $demo', ({ env, demo }) => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env }).demo).toBe(demo);
  });

  it.each([
    { title: 'invalid port', env: { PORT: 'abc' } },
    { title: 'invalid boolean', env: { DEMO: 'vielleicht' } },
    { title: 'invalid deadline', env: { SYSTEM_DEADLINE: 'morgen' } },
    { title: 'a CORS origin with a path', env: { CORS_ORIGINS: 'https://partner.example.org/app' } },
    { title: 'a wildcard CORS origin', env: { CORS_ORIGINS: '*' } },
    { title: 'a CORS origin without scheme', env: { CORS_ORIGINS: 'partner.example.org' } },
    { title: 'a CORS origin "null"', env: { CORS_ORIGINS: 'null' } },
    { title: 'a non-http CORS origin', env: { CORS_ORIGINS: 'ftp://partner.example.org' } },
    { title: 'an unknown LOG_LEVEL', env: { LOG_LEVEL: 'verbose' } },
    { title: 'a short METRICS_TOKEN', env: { METRICS_TOKEN: 'secret' } },
    { title: 'a METRICS_TOKEN with spaces', env: { METRICS_TOKEN: 'correct horse battery staple' } },
    { title: 'a METRICS_PORT that is no port', env: { METRICS_PORT: 'abc' } },
    { title: 'a METRICS_PORT over 65535', env: { METRICS_PORT: '70000' } },
    { title: 'a METRICS_PORT equal to PORT', env: { PORT: '8080', METRICS_PORT: '8080' } },
    { title: 'PDF_CONCURRENCY of 0', env: { PDF_CONCURRENCY: '0' } },
    { title: 'a PDF_CONCURRENCY that is no number', env: { PDF_CONCURRENCY: 'vier' } },
    { title: 'a PDF_TIMEOUT_MS under one second', env: { PDF_TIMEOUT_MS: '50' } },
    { title: 'a negative PDF_QUEUE_LIMIT', env: { PDF_QUEUE_LIMIT: '-1' } },
    { title: 'an SMTP_URL of another scheme', env: { SMTP_URL: 'http://mail.example.org' } },
    { title: 'an SMTP_URL without host', env: { SMTP_URL: 'smtp://' } },
    { title: 'an SMTP_URL that is no URL', env: { SMTP_URL: 'mail.example.org:25' } },
    { title: 'an SMTP_FROM without address', env: { SMTP_FROM: 'Medikationsportal' } },
    { title: 'an SMTP_FROM with two addresses', env: { SMTP_FROM: 'a@example.org, b@example.org' } },
    { title: 'an SMTP_TIMEOUT_MS under 100', env: { SMTP_TIMEOUT_MS: '5' } },
    { title: 'an OUTBOX_POLL_MS under 10', env: { OUTBOX_POLL_MS: '1' } },
    { title: 'an OUTBOX_BACKOFF_MS that is no number', env: { OUTBOX_BACKOFF_MS: '30s' } },
    { title: 'OUTBOX_MAX_ATTEMPTS of 0', env: { OUTBOX_MAX_ATTEMPTS: '0' } },
    { title: 'OUTBOX_CONCURRENCY of 0', env: { OUTBOX_CONCURRENCY: '0' } },
    { title: 'a FAX_GATEWAY_URL of another scheme', env: { FAX_GATEWAY_URL: 'ftp://fax.example.org', FAX_CALLBACK_SECRET: 'a-callback-secret-0123456789' } },
    { title: 'a FAX_GATEWAY_URL that is no URL', env: { FAX_GATEWAY_URL: 'fax.example.org/v1', FAX_CALLBACK_SECRET: 'a-callback-secret-0123456789' } },
    { title: 'a FAX_GATEWAY_URL without FAX_CALLBACK_SECRET', env: { FAX_GATEWAY_URL: 'https://fax.example.org/v1/faxes' } },
    { title: 'a short FAX_CALLBACK_SECRET', env: { FAX_CALLBACK_SECRET: 'secret' } },
    { title: 'a FAX_GATEWAY_TOKEN with spaces', env: { FAX_GATEWAY_TOKEN: 'correct horse battery staple' } },
    { title: 'a FAX_GATEWAY_TIMEOUT_MS under 100', env: { FAX_GATEWAY_TIMEOUT_MS: '10' } },
    { title: 'a FAX_REPORT_TIMEOUT_MS under one second', env: { FAX_REPORT_TIMEOUT_MS: '500' } },
  ])('rejects $title', ({ env }) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env })).toThrow(ConfigError);
  });

  it('reads SSO and remote overrides', () => {
    const config = loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', SSO_ENABLED: 'true', OIDC_ISSUER: 'https://id.example.org/', OIDC_CLIENT_ID: 'c', REMOTE_ORDERS_URL: 'https://cdn/o.json' });
    expect(config.sso).toMatchObject({ enabled: true, authorizationUrl: null, clientId: 'c', nonce: expect.any(String) });
    expect(config.remoteUrls.orders).toBe('https://cdn/o.json');
  });

  it('allows no cross-origin callers by default and normalizes CORS_ORIGINS', () => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' }).corsOrigins).toEqual([]);
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', CORS_ORIGINS: ' ' }).corsOrigins).toEqual([]);
    const config = loadConfig({
      DATA_DIR: tmp(),
      JWT_SECRET: 's',
      CORS_ORIGINS: 'https://Partner.Example.org/, http://localhost:3000,,https://partner.example.org:443',
    });
    expect(config.corsOrigins).toEqual(['https://partner.example.org', 'http://localhost:3000']);
  });

  it('logs at info and serves no metrics by default', () => {
    const config = loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' });
    expect(config.logLevel).toBe('info');
    expect(config.metrics).toEqual({ token: null, port: null, host: '127.0.0.1' });
  });

  it.each([
    { title: 'LOG_LEVEL=error', env: { LOG_LEVEL: 'error' }, logLevel: 'error' },
    { title: 'LOG_LEVEL=Silent', env: { LOG_LEVEL: 'Silent' }, logLevel: 'silent' },
  ])('reads $title', ({ env, logLevel }) => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env }).logLevel).toBe(logLevel);
  });

  it.each([
    { title: 'a bare port on 127.0.0.1', value: '9464', expected: { port: 9464, host: '127.0.0.1' } },
    { title: 'host:port', value: '0.0.0.0:9464', expected: { port: 9464, host: '0.0.0.0' } },
    { title: 'an IPv6 host', value: '[::1]:9464', expected: { port: 9464, host: '::1' } },
  ])('reads METRICS_PORT as $title', ({ value, expected }) => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', METRICS_PORT: value }).metrics).toMatchObject(expected);
  });

  it('reads METRICS_TOKEN', () => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', METRICS_TOKEN: ' 0123456789abcdef-token ' }).metrics.token).toBe('0123456789abcdef-token');
  });

  it('prints PDFs with /usr/bin/chromium, 4 at once, 100 waiting, 20 s each by default', () => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' }).pdf).toEqual({ chromiumPath: '/usr/bin/chromium', concurrency: 4, queueLimit: 100, timeoutMs: 20_000 });
  });

  it('reads CHROMIUM_PATH, PDF_CONCURRENCY, PDF_QUEUE_LIMIT and PDF_TIMEOUT_MS', () => {
    const env = { CHROMIUM_PATH: ' /opt/chromium/chrome ', PDF_CONCURRENCY: '2', PDF_QUEUE_LIMIT: '0', PDF_TIMEOUT_MS: '5000' };
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env }).pdf).toEqual({ chromiumPath: '/opt/chromium/chrome', concurrency: 2, queueLimit: 0, timeoutMs: 5000 });
  });

  it('writes e-mail as .eml files and retries 6 times from 30 s by default', () => {
    const config = loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' });
    expect(config.mail).toEqual({ smtpUrl: null, from: 'Medikationsportal <noreply@localhost>', timeoutMs: 10_000, faxMailDomain: null });
    expect(config.outbox).toEqual({ pollMs: 1000, backoffMs: 30_000, maxAttempts: 6, concurrency: 4 });
  });

  it('reads SMTP_URL, SMTP_FROM, SMTP_TIMEOUT_MS and the OUTBOX_* settings', () => {
    const env = {
      SMTP_URL: ' smtps://user:pw@mail.example.org:465 ',
      SMTP_FROM: 'Apotheke am Markt <rezepte@example.org>',
      SMTP_TIMEOUT_MS: '2000',
      OUTBOX_POLL_MS: '50',
      OUTBOX_BACKOFF_MS: '100',
      OUTBOX_MAX_ATTEMPTS: '3',
      OUTBOX_CONCURRENCY: '2',
      FAX_MAIL_DOMAIN: 'Fax.Example.org',
    };
    const config = loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env });
    expect(config.mail).toEqual({ smtpUrl: 'smtps://user:pw@mail.example.org:465', from: 'Apotheke am Markt <rezepte@example.org>', timeoutMs: 2000, faxMailDomain: 'fax.example.org' });
    expect(config.outbox).toEqual({ pollMs: 50, backoffMs: 100, maxAttempts: 3, concurrency: 2 });
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', SMTP_FROM: 'noreply@example.org' }).mail.from).toBe('noreply@example.org');
  });

  it('reads the FAX_GATEWAY_* settings; without them no gateway, reports awaited for an hour', () => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' }).fax).toEqual({ gatewayUrl: null, gatewayToken: null, callbackSecret: null, timeoutMs: 30_000, reportTimeoutMs: 3_600_000 });
    const env = {
      FAX_GATEWAY_URL: ' https://fax.example.org/v1/faxes ',
      FAX_GATEWAY_TOKEN: 'gateway-token-0123456789',
      FAX_CALLBACK_SECRET: 'callback-secret-0123456789',
      FAX_GATEWAY_TIMEOUT_MS: '5000',
      FAX_REPORT_TIMEOUT_MS: '600000',
    };
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env }).fax).toEqual({
      gatewayUrl: 'https://fax.example.org/v1/faxes',
      gatewayToken: 'gateway-token-0123456789',
      callbackSecret: 'callback-secret-0123456789',
      timeoutMs: 5000,
      reportTimeoutMs: 600_000,
    });
  });

  it('never repeats a fax gateway secret or URL in its error', () => {
    for (const env of [{ FAX_GATEWAY_URL: 'ftp://user:hunter2@fax', FAX_CALLBACK_SECRET: 'callback-secret-0123456789' }, { FAX_CALLBACK_SECRET: 'hunter2' }, { FAX_GATEWAY_TOKEN: 'hunter2 x' }]) {
      expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env })).toThrow(ConfigError);
      try {
        loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env });
      } catch (error) {
        expect((error as Error).message).not.toContain('hunter2');
      }
    }
  });

  it('reminds unanswered prescription requests after 2 working days, urgent ones after 4 hours, by default', () => {
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's' }).recipeReminders).toEqual({ workingDays: 2, urgentHours: 4 });
    expect(loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', RECIPE_REMINDER_WORKING_DAYS: '3', RECIPE_REMINDER_URGENT_HOURS: '8' }).recipeReminders).toEqual({ workingDays: 3, urgentHours: 8 });
  });

  it.each([
    { RECIPE_REMINDER_WORKING_DAYS: '0' },
    { RECIPE_REMINDER_WORKING_DAYS: 'zwei' },
    { RECIPE_REMINDER_WORKING_DAYS: '31' },
    { RECIPE_REMINDER_URGENT_HOURS: '0' },
    { RECIPE_REMINDER_URGENT_HOURS: '4.5' },
  ])('refuses reminder setting %o', (env) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', ...env })).toThrow(ConfigError);
  });

  it.each(['fax', 'fax example.org', 'http://fax.example.org', '-fax.example.org'])('refuses FAX_MAIL_DOMAIN %s', (value) => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', FAX_MAIL_DOMAIN: value })).toThrow(/^Invalid FAX_MAIL_DOMAIN/);
  });

  it('never repeats an SMTP_URL in its error: it may hold a password', () => {
    expect(() => loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', SMTP_URL: 'imap://user:hunter2@mail' })).toThrow(/^Invalid SMTP_URL \(/);
    try {
      loadConfig({ DATA_DIR: tmp(), JWT_SECRET: 's', SMTP_URL: 'imap://user:hunter2@mail' });
    } catch (error) {
      expect((error as Error).message).not.toContain('hunter2');
    }
  });
});
