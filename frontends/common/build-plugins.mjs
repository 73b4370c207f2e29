// Small webpack plugins of the production build (see webpack.common.mjs).
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { faviconIco, faviconSvg } from './favicon.mjs';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) beside every text
 * asset over `threshold` bytes, so the backend (or any static host) serves them precompressed
 * by the browser's Accept-Encoding instead of compressing on each request. A variant that
 * would not be smaller is left out.
 */
export class PrecompressPlugin {
  constructor({ test = /\.(js|mjs|css|html|svg|json|ico)$/, threshold = 1024 } = {}) {
    this.test = test;
    this.threshold = threshold;
  }

  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After every other plugin (the federation manifest is written at OPTIMIZE_TRANSFER).
        { name: 'PrecompressPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        async () => {
          const jobs = compilation
            .getAssets()
            .filter((a) => this.test.test(a.name) && !a.info.compressed && a.source.size() > this.threshold)
            .map(async (asset) => {
              const input = asset.source.buffer();
              const [br, gzip] = await Promise.all([
                brotli(input, {
                  params: {
                    [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
                    [zlib.BROTLI_PARAM_QUALITY]: zlib.BROTLI_MAX_QUALITY,
                    [zlib.BROTLI_PARAM_SIZE_HINT]: input.length,
                  },
                }),
                gz(input, { level: 9 }),
              ]);
              const info = { compressed: true, immutable: asset.info.immutable, development: asset.info.development };
              if (br.length < input.length) compilation.emitAsset(`${asset.name}.br`, new sources.RawSource(br), info);
              if (gzip.length < input.length) compilation.emitAsset(`${asset.name}.gz`, new sources.RawSource(gzip), info);
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}

/** Emits favicon.svg and favicon.ico (the product's mark) at the root of the output. */
export class FaviconPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FaviconPlugin', (compilation) => {
      compilation.hooks.processAssets.tap({ name: 'FaviconPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL }, () => {
        compilation.emitAsset('favicon.svg', new sources.RawSource(faviconSvg()));
        compilation.emitAsset('favicon.ico', new sources.RawSource(faviconIco()));
      });
    });
  }
}
