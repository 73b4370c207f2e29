/** Content sniffing for uploads: the declared type is never trusted on its own. */

export type SniffedType = 'image/png' | 'image/jpeg' | 'image/gif' | 'image/webp' | 'application/pdf';

const SIGNATURES: Array<[SniffedType, (b: Buffer) => boolean]> = [
  ['image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
  ['application/pdf', (b) => b.subarray(0, 5).toString('latin1') === '%PDF-'],
];

/** The real type of the bytes, or null when it is none we accept. */
export function sniffType(buffer: Buffer): SniffedType | null {
  for (const [type, test] of SIGNATURES) if (test(buffer)) return type;
  return null;
}

/** File name extensions of each type; the first is the one given to a stored file. */
const EXTENSIONS: Record<SniffedType, readonly string[]> = {
  'image/png': ['.png'],
  'image/jpeg': ['.jpg', '.jpeg'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
  'application/pdf': ['.pdf'],
};

/**
 * `name` with the extension of the detected type: a PDF uploaded as `x.html` is stored and served
 * as `x.pdf`, so a download never opens as something the bytes are not. A fitting extension
 * (`.jpeg` for a JPEG) stays as it is.
 */
export function withTypeExtension(name: string, type: SniffedType): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot).toLowerCase()] : [name, ''];
  const fitting = EXTENSIONS[type];
  return fitting.includes(ext) ? name : `${stem}${fitting[0]}`;
}

export const IMAGE_TYPES: readonly SniffedType[] = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];
export const PDF_TYPES: readonly SniffedType[] = ['application/pdf'];

/** Upload limits (bytes). */
export const MAX_IMAGE_BYTES = 2 * 1024 * 1024;
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024;

export const UPLOAD_MESSAGES = {
  image: 'Bitte laden Sie ein Bild (PNG, JPEG, GIF oder WebP) hoch.',
  pdf: 'Bitte laden Sie ein PDF-Dokument hoch.',
  tooLarge: 'Die Datei ist zu groß.',
} as const;
