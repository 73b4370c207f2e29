import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createConfig } from '../common/webpack.common.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));

export default createConfig({ dir, name: 'profile', port: 3104, exposes: { './App': './src/App.tsx', './nav': './src/nav.ts' } });
