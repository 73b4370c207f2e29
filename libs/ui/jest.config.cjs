module.exports = {
  ...require('../../jest.preset.cjs'),
  testEnvironment: 'jsdom',
  roots: ['<rootDir>/src'],
  setupFilesAfterEnv: ['<rootDir>/../../frontends/common/jest.setup.cjs'],
};
