// Jest settings for a frontend package: jsdom, the shared setup, libs mapped to their sources.
const path = require('node:path');
const preset = require('../../jest.preset.cjs');
module.exports = (dir) => ({
  ...preset,
  rootDir: dir,
  testEnvironment: 'jsdom',
  // userEvent-driven form tests take seconds on a loaded two-core machine; 5 s was too tight there.
  testTimeout: 60_000,
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: [require.resolve('./jest.setup.cjs')],
  moduleNameMapper: {
    ...preset.moduleNameMapper,
    // The light entry point of libs/ui (package.json "exports": "./core").
    '^@mediport/ui/core$': path.join(__dirname, '..', '..', 'libs', 'ui', 'src', 'core.ts'),
  },
});
