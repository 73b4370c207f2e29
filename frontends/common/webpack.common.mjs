// Shared webpack 5 + Module Federation settings of the shell and the four remotes.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import HtmlWebpackPlugin from 'html-webpack-plugin';
import { ModuleFederationPlugin } from '@module-federation/enhanced/webpack';
import { FaviconPlugin, PrecompressPlugin } from './build-plugins.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
// Read from the installed package (some packages do not export ./package.json).
const version = (pkg) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

const LIB_VERSION = '2.9.1';
const BACKEND = process.env.BACKEND_URL ?? 'http://127.0.0.1:8080';

/** Modules of the `mui-base` chunk: MUI's styling engine and the building blocks of every page. */
const MUI_BASE_DIRS = [
  'styles', 'utils', 'internal', 'transitions', 'colors', 'zero-styled', 'DefaultPropsProvider', 'className',
  'generateUtilityClass', 'generateUtilityClasses', 'useLazyRipple', 'useMediaQuery', 'CssBaseline', 'GlobalStyles',
  'Box', 'Stack', 'Container', 'Paper', 'Typography', 'Link', 'Divider', 'SvgIcon', 'CircularProgress',
  'ButtonBase', 'Button', 'ButtonGroup', 'IconButton', 'Card', 'CardContent', 'CardActions', 'Alert', 'AlertTitle', 'Chip',
  'Table', 'TableBody', 'TableCell', 'TableContainer', 'TableHead', 'TableRow',
  // A text field, with the select menu TextField always brings along.
  'TextField', 'InputBase', 'OutlinedInput', 'FilledInput', 'Input', 'InputLabel', 'InputAdornment', 'FormControl',
  'FormLabel', 'FormHelperText', 'TextareaAutosize', 'Select', 'NativeSelect', 'Menu', 'MenuList', 'List', 'Popover',
  'Modal', 'Backdrop', 'Fade', 'Grow', 'Portal', 'Unstable_TrapFocus', 'InitColorSchemeScript',
];
/** Modules of the `mui-frame` chunk: the signed-in frame (bar, drawer, menu, dialogs, tooltips) and the dashboard. */
const MUI_FRAME_DIRS = [
  'AppBar', 'Toolbar', 'Drawer', 'Slide', 'ListItem', 'ListItemButton', 'ListItemIcon', 'ListItemText', 'ListItemAvatar',
  'ListItemSecondaryAction', 'ListSubheader', 'MenuItem', 'Avatar', 'Dialog', 'DialogActions', 'DialogContent',
  'DialogContentText', 'DialogTitle', 'Breadcrumbs', 'Tooltip', 'Popper', 'Accordion', 'AccordionSummary',
  'AccordionDetails', 'Collapse',
  // What every list adds (DataTable's pagination and sort labels, FilterBar's switches and badge).
  'Badge', 'Checkbox', 'FormControlLabel', 'Switch', 'TablePagination', 'TablePaginationActions', 'TableSortLabel', 'locale',
];
const MUI_FRAME = new RegExp(
  String.raw`[\\/]node_modules[\\/](@mui[\\/]material[\\/](${MUI_FRAME_DIRS.join('|')})[\\/]|@popperjs[\\/])`,
);
/** The class-name tables of components ("switchClasses"): tiny, and `@mui/material/styles` needs several. */
const MUI_CLASSES = /[\\/]@mui[\\/]material[\\/][A-Za-z]+[\\/][a-zA-Z]+Classes\.mjs$/;
const MUI_BASE = new RegExp(
  String.raw`[\\/]node_modules[\\/](` +
    [
      String.raw`@mui[\\/](system|utils|styled-engine|private-theming)[\\/]`,
      String.raw`@mui[\\/]material[\\/](${MUI_BASE_DIRS.join('|')})[\\/]`,
      // emotion (also the shared @emotion/react and @emotion/styled themselves, which MUI's styling
      // engine always loads with it) and their helpers.
      String.raw`@emotion[\\/](react|styled|serialize|hash|unitless|memoize|sheet|cache|utils|weak-memoize|is-prop-valid|use-insertion-effect-with-fallbacks)[\\/]`,
      String.raw`(hoist-non-react-statics|react-is|@babel[\\/]runtime)[\\/]`,
      String.raw`(stylis|clsx|react-transition-group)[\\/]`,
    ].join('|') +
    ')',
);

/** React itself: react, its JSX runtime, react-dom (and /client) and the scheduler, needed by every page at once. */
const REACT = /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/;
/** Any other MUI module (the components only some pages use: Autocomplete, Stepper, Tabs, …). */
const MUI_MORE = /[\\/]node_modules[\\/]@mui[\\/]material[\\/]/;

const MUI_IMPORT = /from\s+'(@mui\/material\/[A-Za-z]+)'/g;

/**
 * The MUI entry points the suite imports (`@mui/material/Button`, `@mui/material/styles`, …),
 * found in the sources of every frontend and libs/ui. Each is shared on its own instead of the
 * `@mui/material` barrel, so a page loads the components it uses, not all of MUI. Every app
 * shares the whole list, so the shell provides each of them (one copy of MUI's internals and
 * theme contexts); a remote rebuilt alone with a new component provides that one itself.
 * @param {string[]} [extraDirs] more source folders to scan (the app being built)
 */
export function muiEntryPoints(extraDirs = []) {
  const found = new Set();
  const visit = (dir) => {
    let entries;
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return;
    }
    for (const e of entries) {
      if (e.isDirectory()) {
        if (e.name !== 'node_modules' && e.name !== 'dist') visit(path.join(dir, e.name));
      } else if (/\.tsx?$/.test(e.name) && !/\.spec\.tsx?$/.test(e.name)) {
        for (const m of readFileSync(path.join(dir, e.name), 'utf8').matchAll(MUI_IMPORT)) found.add(m[1]);
      }
    }
  };
  for (const dir of [path.join(ROOT, 'frontends'), path.join(ROOT, 'libs', 'ui', 'src'), ...extraDirs]) visit(dir);
  return [...found].sort();
}

/**
 * Singletons shared by host and remotes, without a requiredVersion (docs/decisions/shared-modules.md).
 * @param {string[]} [extraDirs] source folders of the app being built (see muiEntryPoints)
 */
export function sharedSingletons(extraDirs = []) {
  const mui = version('@mui/material');
  const pkgs = {
    react: version('react'),
    'react/jsx-runtime': version('react'),
    'react-dom': version('react-dom'),
    'react-dom/client': version('react-dom'),
    'react-router-dom': version('react-router-dom'),
    ...Object.fromEntries(muiEntryPoints(extraDirs).map((entry) => [entry, mui])),
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
    '@mediport/ui/core': LIB_VERSION,
    '@mediport/api-client': LIB_VERSION,
  };
  // No requiredVersion: every app is built from this one workspace with these versions, and a
  // singleton is taken from the shell whatever a remote asks for (a mismatch only warns). The
  // federation runtime checked each of the ~80 shared modules' ranges with its semver parser on
  // every load, ~30 ms of a cold page's start-up.
  const shared = Object.fromEntries(
    Object.entries(pkgs).map(([name, v]) => [name, { singleton: true, requiredVersion: false, version: v }]),
  );
  // A package request is provided only by the apps that import it; a file path always is. So
  // with the MUI entry points given as files (the ES module webpack would pick), the shell
  // provides every one of them and is the one provider each app takes them from: also for
  // a component only a remote uses, which would otherwise come from whichever remote
  // registered first, with that remote's copy of MUI's internals and theme contexts.
  for (const entry of muiEntryPoints(extraDirs)) shared[entry].import = path.join(ROOT, 'node_modules', entry, 'index.mjs');
  // The declarative-mode API of react-router only (see react-router-dom.shared.ts); the apps
  // import nothing from 'react-router' directly, so it is bundled into this module, tree-shaken.
  shared['react-router-dom'].import = path.join(ROOT, 'frontends', 'common', 'react-router-dom.shared.ts');
  return shared;
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
      shared: sharedSingletons([path.join(o.dir, 'src')]),
      shareStrategy: 'loaded-first',
      dts: false,
      manifest: true,
    };
    if (o.host) {
      federation.remotes = {};
      // The shell hands its federation runtime to the remotes ... (what `experiments.
      // provideExternalRuntime` does, but with the plugin's ES module build: its CommonJS build
      // would bundle a second copy of the runtime into main.js).
      federation.runtimePlugins = [path.join(ROOT, 'node_modules', '@module-federation', 'inject-external-runtime-core-plugin', 'dist', 'index.js')];
    }
    if (o.exposes) {
      federation.filename = 'remoteEntry.js';
      federation.exposes = o.exposes;
      // ... so a built remote's remoteEntry.js does not carry a second copy (about 20 KB gzip
      // each). The standalone dev page (webpack serve) has no shell and keeps its own.
      if (prod) federation.experiments = { externalRuntime: true };
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
      resolve: {
        extensions: ['.tsx', '.ts', '.mjs', '.js', '.json'],
        // react-router 7's package exports only its development build (warnings and checks on every
        // render); the production build beside it is what a production bundle should carry.
        alias: prod ? { 'react-router$': path.join(ROOT, 'node_modules', 'react-router', 'dist', 'production', 'index.mjs') } : {},
      },
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
          // The page is filled here rather than compiled as a `template`: a template needs a child
          // compilation, which would also build every shared module given as a file (see
          // sharedSingletons) a second time, whole, only to throw it away.
          templateContent: () =>
            readFileSync(path.resolve(o.dir, '../common/index.html'), 'utf8').replace('<%= htmlWebpackPlugin.options.title %>', o.title ?? 'Medikationsportal'),
          chunks: ['main'],
          // The standalone dev page is served at / with deep links; the built remote is loaded by manifest.
          publicPath: o.host || !prod ? '/' : 'auto',
        }),
        new FaviconPlugin(),
        // .br and .gz beside each text asset, served by Accept-Encoding (backend/src/core/static).
        ...(prod ? [new PrecompressPlugin()] : []),
      ],
      performance: { hints: false },
      optimization: {
        moduleIds: prod ? 'deterministic' : 'named',
        splitChunks: {
          cacheGroups: {
            // Each MUI entry point is its own shared module; without this their common internals
            // would be spread over dozens of small files (and compress worse). One chunk holds
            // MUI's styling engine and the components nearly every page (also /login) shows.
            muiBase: {
              test: (module) => MUI_BASE.test(module.resource ?? '') || MUI_CLASSES.test(module.resource ?? ''),
              chunks: 'async',
              name: 'mui-base',
              priority: 20,
              enforce: true,
            },
            // What a signed-in page adds: one chunk instead of some thirty small ones.
            muiFrame: {
              test: (module) => MUI_FRAME.test(module.resource ?? '') && !MUI_CLASSES.test(module.resource ?? ''),
              chunks: 'async',
              name: 'mui-frame',
              priority: 19,
              enforce: true,
            },
            // Each shared module is a chunk of its own unless grouped, and a cold page waits on
            // Chromium's six connections per host (HTTP/1.1): the orders page asked for some fifty
            // files and its list's code queued behind them for ≈400 ms. React in one chunk, and the
            // remaining MUI components (a page that needs one mostly needs several) in one more.
            react: { test: (module) => REACT.test(module.resource ?? ''), chunks: 'async', name: 'react', priority: 18, enforce: true },
            muiMore: {
              test: (module) => MUI_MORE.test(module.resource ?? '') && !MUI_CLASSES.test(module.resource ?? ''),
              chunks: 'async',
              name: 'mui-more',
              priority: 17,
              enforce: true,
            },
          },
        },
      },
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
