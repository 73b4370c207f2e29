module.exports = { ...require('../../jest.preset.cjs'), testEnvironment: 'node', roots: ['<rootDir>/src'] };
