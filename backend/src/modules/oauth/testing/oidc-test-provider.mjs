// A real OpenID Connect provider (the `oidc-provider` package) standing in for the partner platform
// "Apomondo" in API and browser tests. Run as a child process (the package is ESM-only):
//
//   node oidc-test-provider.mjs '{"port":0,"clientId":"portal","clientSecret":"s","redirectUris":["http://127.0.0.1:8204/oauth"],
//                                "accounts":[{"username":"heim","password":"pw","sub":"apo-1","email":"heim@example.org"}]}'
//
// It prints one JSON line {"issuer": "..."} once it listens and serves until SIGTERM. Sign-in is a
// small login form of our own (interactions.url); consent is granted automatically for the one
// first-party client. The account's username is released as `preferred_username` (userinfo) unless
// the account says `withoutUsername`; `email` is released when given.
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import Provider from 'oidc-provider';

const options = JSON.parse(process.argv[2] ?? '{}');
const accounts = options.accounts ?? [];

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function loginPage(uid, error = '') {
  return `<!doctype html><html lang="de"><head><meta charset="utf-8"><title>Apomondo – Anmeldung</title></head>
<body style="font-family: sans-serif; max-width: 360px; margin: 60px auto">
<h1>Apomondo</h1><p>Melden Sie sich mit Ihrem Apomondo-Zugang an.</p>
${error ? `<p role="alert" style="color:#b00020">${escapeHtml(error)}</p>` : ''}
<form method="post" action="/interaction/${escapeHtml(uid)}/login" autocomplete="off">
<p><label for="username">Apomondo-Benutzername</label><br><input id="username" name="username" required></p>
<p><label for="password">Apomondo-Passwort</label><br><input id="password" name="password" type="password" required></p>
<p><button type="submit">Bei Apomondo anmelden</button></p>
</form></body></html>`;
}

function readForm(req) {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => resolve(Object.fromEntries(new URLSearchParams(body))));
    req.on('error', reject);
  });
}

const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'apomondo-test', use: 'sig', alg: 'RS256' };

const server = http.createServer();
await new Promise((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
const issuer = `http://127.0.0.1:${server.address().port}`;

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      redirect_uris: options.redirectUris,
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_basic',
    },
  ],
  jwks: { keys: [jwk] },
  cookies: { keys: [randomBytes(16).toString('hex')] },
  claims: { openid: ['sub', 'preferred_username', 'email'] },
  // The spec's authorization request carries no PKCE parameters.
  pkce: { required: () => false },
  features: { devInteractions: { enabled: false } },
  interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  async findAccount(_ctx, sub) {
    const account = accounts.find((a) => a.sub === sub);
    if (!account) return undefined;
    return {
      accountId: sub,
      async claims() {
        return {
          sub,
          ...(account.withoutUsername ? {} : { preferred_username: account.username }),
          ...(account.email ? { email: account.email } : {}),
        };
      },
    };
  },
  async loadExistingGrant(ctx) {
    const grantId = ctx.oidc.result?.consent?.grantId || ctx.oidc.session.grantIdFor(ctx.oidc.client.clientId);
    if (grantId) return ctx.oidc.provider.Grant.find(grantId);
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope('openid');
    await grant.save();
    return grant;
  },
});

const providerCallback = provider.callback();

server.on('request', async (req, res) => {
  const match = /^\/interaction\/([\w-]+)(\/login)?$/.exec(req.url.split('?')[0]);
  if (!match) return providerCallback(req, res);
  try {
    const details = await provider.interactionDetails(req, res);
    if (req.method === 'GET') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid));
      return;
    }
    const form = await readForm(req);
    const account = accounts.find((a) => a.username === form.username && a.password === form.password);
    if (!account) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(loginPage(details.uid, 'Benutzername oder Passwort ist falsch.'));
      return;
    }
    await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
  } catch (error) {
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' }).end(String(error?.message ?? error));
  }
});

process.on('SIGTERM', () => server.close(() => process.exit(0)));
process.stdout.write(`${JSON.stringify({ issuer })}\n`);
