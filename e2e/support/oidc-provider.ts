import { spawn } from 'node:child_process';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { ROOT, stopProcess } from './server.js';

export interface OidcAccount {
  username: string;
  password: string;
  sub: string;
  email?: string;
}

export interface OidcProviderOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts: OidcAccount[];
}

export interface RunningOidcProvider {
  issuer: string;
  stop(): Promise<void>;
}

/**
 * Starts a real OpenID Connect provider (`oidc-provider`, standing in for the partner platform
 * Apomondo) on 127.0.0.1 with a random port: the same script the backend's API tests use. Its
 * login page has the fields "Apomondo-Benutzername" and "Apomondo-Passwort".
 */
export async function startOidcProvider(options: OidcProviderOptions): Promise<RunningOidcProvider> {
  const script = path.join(ROOT, 'backend', 'src', 'modules', 'oauth', 'testing', 'oidc-test-provider.mjs');
  const child = spawn(process.execPath, [script, JSON.stringify(options)], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const issuer = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', (line) => resolve((JSON.parse(line) as { issuer: string }).issuer));
    child.once('exit', (code) => reject(new Error(`OIDC provider exited with ${code}: ${stderr}`)));
  });
  return { issuer, stop: () => stopProcess(child) };
}
