// What the global setup hands to the tests (through process.env, which the workers inherit).
export const e2eEnv = {
  get baseUrl(): string {
    return required('E2E_BASE_URL');
  },
  /** Connection string of the suite's PostgreSQL test database. */
  get databaseUrl(): string {
    return required('E2E_DATABASE_URL');
  },
  get jwtSecret(): string {
    return required('E2E_JWT_SECRET');
  },
  get dataDir(): string {
    return required('E2E_DATA_DIR');
  },
};

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the suite through Playwright so the global setup starts the backend.`);
  return value;
}
