import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { findRepoRoot } from '../config/paths.js';

/** The family every PDF prints in; embedded, so the result never depends on the machine's fonts. */
export const PDF_FONT_FAMILY = 'Noto Sans';

/** Latin covers German (ä ö ü ß, „ “ – …, €); latin-ext covers names from neighbouring languages (ł, ő, č, ş …). */
const SUBSETS = ['latin', 'latin-ext'] as const;
const WEIGHTS = [400, 700] as const;

export interface PdfFonts {
  /** @font-face rules of regular and bold, latin and latin-ext, as base64 data: URLs. */
  css: string;
  /** The same for the footer, which Chromium renders apart from the page: regular latin only. */
  footerCss: string;
}

/**
 * Resolves @fontsource/noto-sans the way Node would from the backend package (no fixed
 * node_modules path), so hoisted and nested installs both work, from src/ and from dist/ alike.
 */
function packageRequire(): NodeJS.Require {
  return createRequire(path.join(findRepoRoot(), 'backend', 'package.json'));
}

/** The unicode-range of each subset, as the package's own stylesheet declares it. */
function unicodeRanges(require: NodeJS.Require, weight: number): Map<string, string> {
  const css = readFileSync(require.resolve(`@fontsource/noto-sans/${weight}.css`), 'utf8');
  const out = new Map<string, string>();
  for (const block of css.split('@font-face').slice(1)) {
    const file = /files\/noto-sans-([a-z-]+)-\d+-normal\.woff2/.exec(block);
    const range = /unicode-range:\s*([^;]+);/.exec(block);
    if (file && range) out.set(file[1]!, range[1]!.trim());
  }
  return out;
}

function fontFace(require: NodeJS.Require, subset: string, weight: number, range: string | undefined): string {
  const data = readFileSync(require.resolve(`@fontsource/noto-sans/files/noto-sans-${subset}-${weight}-normal.woff2`)).toString('base64');
  return [
    '@font-face {',
    `  font-family: '${PDF_FONT_FAMILY}';`,
    '  font-style: normal;',
    `  font-weight: ${weight};`,
    // Print waits for the font instead of falling back to whatever the machine has.
    '  font-display: block;',
    `  src: url(data:font/woff2;base64,${data}) format('woff2');`,
    ...(range ? [`  unicode-range: ${range};`] : []),
    '}',
  ].join('\n');
}

/** Reads the font files once; throws when the package is missing (a broken install must fail the boot). */
export function loadPdfFonts(): PdfFonts {
  const require = packageRequire();
  const faces: string[] = [];
  for (const weight of WEIGHTS) {
    const ranges = unicodeRanges(require, weight);
    for (const subset of SUBSETS) faces.push(fontFace(require, subset, weight, ranges.get(subset)));
  }
  return { css: faces.join('\n'), footerCss: fontFace(require, 'latin', 400, undefined) };
}
