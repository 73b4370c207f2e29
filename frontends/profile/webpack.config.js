import path from 'node:path';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import webpack from 'webpack';
import { createConfig } from '../common/webpack.common.mjs';

const dir = path.dirname(fileURLToPath(import.meta.url));
const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));

const base = createConfig({ dir, name: 'profile', port: 3104, exposes: { './App': './src/App.tsx', './nav': './src/nav.ts' } });

// The profile remote is deployed on its own (README: "Deploying the profile remote alone"): its
// page names the build it comes from, PROFILE_BUILD_VERSION or else the package version.
export default (env, argv) => {
  const config = base(env, argv);
  config.plugins.push(new webpack.DefinePlugin({ __PROFILE_BUILD_VERSION__: JSON.stringify(process.env.PROFILE_BUILD_VERSION || pkg.version) }));
  return config;
};
