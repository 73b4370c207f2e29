import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { findRepoRoot } from '../../../core/config/paths.js';

export interface TestAccount {
  username: string;
  password: string;
  sub: string;
  email?: string;
  /** Release no preferred_username (only the e-mail, if any). */
  withoutUsername?: boolean;
}

export interface TestProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: TestAccount[];
  port?: number;
}

export interface RunningTestProvider {
  issuer: string;
  stop(): Promise<void>;
}

/** Starts oidc-test-provider.mjs (a real `oidc-provider`) in a child process on 127.0.0.1. */
export async function startOidcTestProvider(options: TestProviderOptions): Promise<RunningTestProvider> {
  const script = path.join(findRepoRoot(), 'backend', 'src', 'modules', 'oauth', 'testing', 'oidc-test-provider.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify(options)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`OIDC test provider exited with ${code}: ${stderr}`)));
  });
  return {
    issuer,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

/** A minimal cookie jar for one host: enough for the provider's interaction and session cookies. */
class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, eq).trim(), pair!.slice(eq + 1).trim());
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  nonce: string;
  username: string;
  password: string;
  state?: string;
}

/**
 * Drives the authorization request over HTTP as a browser would: the authorization endpoint,
 * the provider's login form (POST with the account's credentials) and the resumed request.
 * Answers the callback address the provider redirects to (with `code`, `state`, `iss`).
 */
export async function authorizeAtProvider(issuer: string, params: AuthorizeParams): Promise<URL> {
  const discovery = (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()) as { authorization_endpoint: string };
  const jar = new CookieJar();
  const step = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, { ...init, redirect: 'manual', headers: { ...(init.headers as Record<string, string>), cookie: jar.header() } });
    jar.store(res);
    const location = res.headers.get('location');
    if (res.status < 300 || res.status >= 400 || !location) throw new Error(`expected a redirect from ${url}, got ${res.status}: ${await res.text()}`);
    return new URL(location, url);
  };
  const auth = new URL(discovery.authorization_endpoint);
  auth.search = new URLSearchParams({
    response_type: 'code',
    client_id: params.clientId,
    state: params.state ?? 'sso',
    redirect_uri: params.redirectUri,
    scope: 'openid',
    nonce: params.nonce,
  }).toString();
  const interaction = await step(auth.toString());
  const resume = await step(`${interaction.toString()}/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username: params.username, password: params.password }).toString(),
  });
  return step(resume.toString());
}
