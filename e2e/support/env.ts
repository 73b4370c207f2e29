// What the global setup hands to the tests (through process.env, which the workers inherit).
export const e2eEnv = {
  get baseUrl(): string {
    return required('E2E_BASE_URL');
  },
  /** Connection string of the test database; empty in the PGlite fallback. */
  get databaseUrl(): string {
    return process.env.E2E_DATABASE_URL ?? '';
  },
  get jwtSecret(): string {
    return required('E2E_JWT_SECRET');
  },
  get dataDir(): string {
    return required('E2E_DATA_DIR');
  },
  get usesPostgres(): boolean {
    return !!process.env.E2E_DATABASE_URL;
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through Playwright so the global setup starts the backend.`);
  return value;
}
