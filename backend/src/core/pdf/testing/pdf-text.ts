import { spawn } from 'node:child_process';
import path from 'node:path';
import { findRepoRoot } from '../../config/paths.js';

/**
 * Reads a PDF back with pdf-parse 2 in a Node process of its own: pdf.js starts its worker with a
 * dynamic import, which Jest's CommonJS mode refuses.
 */
const READER = `
const { PDFParse } = require('pdf-parse');
const chunks = [];
process.stdin.on('data', (c) => chunks.push(c)).on('end', async () => {
  const parser = new PDFParse({ data: new Uint8Array(Buffer.concat(chunks)) });
  const result = await parser.getText({ pageJoiner: '' });
  await parser.destroy();
  process.stdout.write(JSON.stringify({ pages: result.pages.map((p) => p.text), total: result.total }));
});
`;

export interface PdfText {
  /** The text of each page, in order. */
  pages: string[];
  /** Every page's text, joined. */
  text: string;
}

export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', READER], { cwd: path.join(findRepoRoot(), 'backend'), stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    child.stderr.on('data', (c: Buffer) => (err += c.toString()));
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`pdf-parse exited with ${code}: ${err}`));
      const { pages } = JSON.parse(out) as { pages: string[] };
      resolve({ pages, text: pages.join('\n') });
    });
    child.stdin.end(pdf);
  });
}

/** The names of the fonts a PDF embeds (Chromium writes them as /FontName /ABCDEF+Family-Style). */
export function embeddedFonts(pdf: Buffer): string[] {
  const names = pdf.toString('latin1').match(/\/FontName\s*\/[A-Z]{6}\+([^\s/>]+)/g) ?? [];
  return [...new Set(names.map((n) => n.replace(/^\/FontName\s*\/[A-Z]{6}\+/, '')))].sort();
}
