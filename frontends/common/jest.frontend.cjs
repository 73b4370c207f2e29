// Jest settings for a frontend package: jsdom, the shared setup, libs mapped to their sources.
const preset = require('../../jest.preset.cjs');
module.exports = (dir) => ({
  ...preset,
  rootDir: dir,
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: [require.resolve('./jest.setup.cjs')],
});
