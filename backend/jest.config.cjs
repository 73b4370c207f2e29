// API specs (*.e2e-spec.ts) boot the real app against PostgreSQL; unit specs (*.spec.ts) sit next to the code.
const preset = require('../jest.preset.cjs');
const swc = preset.transform['^.+\\.(t|j|mj)sx?$'];

module.exports = {
  ...preset,
  displayName: 'backend',
  rootDir: __dirname,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/src/**/*.e2e-spec.ts'],
  testTimeout: 60000,
  transform: {
    // PGlite's CommonJS build loads Node built-ins with import(), which Jest's VM refuses without
    // --experimental-vm-modules; swc rewrites those to require().
    '/@electric-sql/pglite/dist/.+\\.cjs$': swc,
    ...preset.transform,
  },
};
