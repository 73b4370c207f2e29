// Shared webpack 5 + Module Federation settings of the shell and the four remotes.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Read from the installed package (some packages do not export ./package.json).
const version = (pkg) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

const LIB_VERSION = '2.9.1';
const BACKEND = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/** Singletons shared by host and remotes with the same requiredVersion (ARCHITECTURE.md "Frontends"). */
export function sharedSingletons() {
  const pkgs = {
    react: version('react'),
    'react/jsx-runtime': version('react'),
    'react-dom': version('react-dom'),
    'react-dom/client': version('react-dom'),
    'react-router': version('react-router'),
    'react-router-dom': version('react-router-dom'),
    '@mui/material': version('@mui/material'),
    '@emotion/react': version('@emotion/react'),
    '@emotion/styled': version('@emotion/styled'),
    '@tanstack/react-query': version('@tanstack/react-query'),
    '@casl/ability': version('@casl/ability'),
    '@casl/react': version('@casl/react'),
    notistack: version('notistack'),
    dayjs: version('dayjs'),
    'react-hook-form': version('react-hook-form'),
    '@mediport/contracts': LIB_VERSION,
    '@mediport/permissions': LIB_VERSION,
    '@mediport/validation': LIB_VERSION,
    '@mediport/ui': LIB_VERSION,
    '@mediport/api-client': LIB_VERSION,
  };
  return Object.fromEntries(
    Object.entries(pkgs).map(([name, v]) => [name, { singleton: true, requiredVersion: v, version: v }]),
  );
}

/**
 * @param {object} o
 * @param {string} o.dir package folder
 * @param {string} o.name federation name
 * @param {number} o.port dev server port
 * @param {Record<string,string>} [o.exposes] remote modules
 * @param {boolean} [o.host] the shell
 * @param {string} [o.title] page title
 */
export function createConfig(o) {
  return (_env, argv) => {
    const prod = argv.mode === 'production';
    const federation = {
      name: o.name,
      shared: sharedSingletons(),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: true,
    };
    if (o.host) federation.remotes = {};
    if (o.exposes) {
      federation.filename = 'remoteEntry.js';
      federation.exposes = o.exposes;
    }
    return {
      context: o.dir,
      entry: { main: './src/index.ts' },
      devtool: prod ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: path.join(o.dir, 'dist'),
        filename: '[name].js',
        chunkFilename: prod ? '[name].[contenthash:8].js' : '[name].js',
        publicPath: o.host ? '/' : 'auto',
        uniqueName: o.name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'] },
      module: {
        rules: [
          {
            test: /\.[cm]?[jt]sx?$/,
            include: [path.join(o.dir, 'src'), path.resolve(o.dir, '../common')],
            use: {
              loader: 'swc-loader',
              options: {
                jsc: {
                  parser: { syntax: 'typescript', tsx: true },
                  transform: { react: { runtime: 'automatic', development: !prod, refresh: false } },
                  target: 'es2020',
                },
              },
            },
          },
          { test: /\.(png|svg|jpe?g|webp)$/, type: 'asset/resource', generator: { filename: 'assets/[name].[contenthash:8][ext]' } },
        ],
      },
      plugins: [
        new ModuleFederationPlugin(federation),
        new HtmlWebpackPlugin({
          template: path.resolve(o.dir, '../common/index.html'),
          title: o.title ?? 'Medikationsportal',
          chunks: ['main'],
          // The standalone dev page is served at / with deep links; the built remote is loaded by manifest.
          publicPath: o.host || !prod ? '/' : 'auto',
        }),
      ],
      performance: { hints: false },
      optimization: { moduleIds: prod ? 'deterministic' : 'named' },
      devServer: {
        port: o.port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [{ context: ['/api', '/socket.io', '/remotes.json', '/remotes/'], target: BACKEND, ws: true, changeOrigin: false }],
      },
    };
  };
}
