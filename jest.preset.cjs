// Shared Jest settings: CommonJS mode, @swc/jest transforms TypeScript and the ESM-only packages.
const path = require('node:path');
const root = __dirname;
const libs = ['contracts', 'permissions', 'validation', 'ui', 'api-client'];
module.exports = {
  transform: {
    '^.+\\.(t|j|mj)sx?$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', tsx: true, decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  transformIgnorePatterns: [
    '/node_modules/(?!(@nestjs/(?!throttler)|@electric-sql/pglite|file-type|strtok3|token-types|peek-readable|uint8array-extras|jose|oauth4webapi|openid-client|oidc-provider|@casl))',
  ],
  moduleNameMapper: {
    ...Object.fromEntries(libs.map((l) => [`^@mediport/${l}$`, path.join(root, 'libs', l, 'src', 'index.ts')])),
    // Subpaths of the contracts that the screens' shared contracts chunk (loaded on the login page) leaves out.
    ...Object.fromEntries(['api-map', 'delivery', 'documents', 'fax', 'import', 'outbox', 'pdf', 'payment', 'backup', 'invoices', 'task-machine', 'medicines', 'masterdata-messages', 'profile-messages'].map((m) => [`^@mediport/contracts/${m}$`, path.join(root, 'libs', 'contracts', 'src', `${m}.ts`)])),
    '^@mediport/contracts/shop$': path.join(root, 'libs', 'contracts', 'src', 'contracts-shop.ts'),
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
};
