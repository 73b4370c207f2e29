/**
 * `Content-Disposition: attachment` for a user-supplied file name: an ASCII fallback (quotes,
 * backslashes and non-ASCII replaced) and the exact name as RFC 5987 UTF-8 (`filename*`).
 */
export function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}
