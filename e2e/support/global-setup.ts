import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import { FaxGatewayStandIn } from '../../backend/src/core/outbox/testing/fax-gateway.js';
import { SmtpReceiver } from '../../backend/src/core/outbox/testing/smtp-receiver.js';
import { buildSuite, createDatabase, dropDatabase, postgresAdminUrl, startBackend, tempDir } from './server.js';

/**
 * The mails the receiver took, for the tests (they run in other processes): GET / answers
 * `[{ from, to, messageId, raw }]`.
 */
async function serveMailbox(receiver: SmtpReceiver): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify(receiver.mails));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return server;
}

/**
 * Builds what is stale, creates a fresh PostgreSQL database, starts a real SMTP server and the fax gateway's stand-in, starts the backend
 * with the demo data on the suite's port, sending through both, and hands the connection details
 * to the tests through process.env. Returns the teardown.
 */
export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  if (!process.env.E2E_SKIP_BUILD) buildSuite();
  const baseURL = config.projects[0]?.use.baseURL ?? 'http://localhost:18080';
  const port = Number(new URL(baseURL).port);
  const dataDir = tempDir('mediport-e2e-');
  const jwtSecret = randomBytes(32).toString('hex');
  const adminUrl = await postgresAdminUrl();
  const dbName = `mediport_e2e_${randomBytes(4).toString('hex')}`;
  const databaseUrl = await createDatabase(adminUrl, dbName);

  // Outgoing mail to a real SMTP server, faxes to the gateway's stand-in (which reports back to the backend).
  const smtp = new SmtpReceiver();
  await smtp.start();
  const mailbox = await serveMailbox(smtp);
  const faxToken = randomBytes(16).toString('hex');
  const faxSecret = randomBytes(24).toString('hex');
  const faxGateway = new FaxGatewayStandIn({ token: faxToken, secret: faxSecret, callbackUrl: `http://127.0.0.1:${port}/api/fax/callback`, reportDelayMs: 500 });
  await faxGateway.start();

  const env: Record<string, string> = {
    DEMO: '1',
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    JWT_SECRET: jwtSecret,
    SMTP_URL: smtp.url,
    FAX_GATEWAY_URL: faxGateway.url,
    FAX_GATEWAY_TOKEN: faxToken,
    FAX_CALLBACK_SECRET: faxSecret,
  };
  const logFile = path.join(dataDir, `backend-${port}.log`);
  process.stdout.write(`[e2e] backend on :${port}, PostgreSQL database ${dbName}, log ${logFile}\n`);
  let backend;
  try {
    backend = await startBackend({ port, env, logFile });
  } catch (err) {
    await dropDatabase(adminUrl, dbName);
    await Promise.all([smtp.stop(), faxGateway.stop(), new Promise((resolve) => mailbox.close(resolve))]);
    throw err;
  }

  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_DATABASE_URL = databaseUrl;
  process.env.E2E_JWT_SECRET = jwtSecret;
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_SMTP_URL = smtp.url;
  process.env.E2E_MAILBOX_URL = `http://127.0.0.1:${(mailbox.address() as AddressInfo).port}`;
  process.env.E2E_FAX_GATEWAY_URL = faxGateway.base;
  process.env.E2E_FAX_GATEWAY_TOKEN = faxToken;
  process.env.E2E_FAX_CALLBACK_SECRET = faxSecret;

  return async () => {
    await backend.stop();
    await Promise.all([smtp.stop(), faxGateway.stop(), new Promise((resolve) => mailbox.close(resolve))]);
    await dropDatabase(adminUrl, dbName);
    // Keep the server log beside Playwright's results for failed runs; drop the rest.
    const outDir = path.join(config.rootDir, '..', 'test-results');
    mkdirSync(outDir, { recursive: true });
    copyFileSync(logFile, path.join(outDir, path.basename(logFile)));
    if (!process.env.E2E_KEEP_DATA) rmSync(dataDir, { recursive: true, force: true });
  };
}
