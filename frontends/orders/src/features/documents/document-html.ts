import type { DocumentRequestDoctor } from '@mediport/contracts/documents';

const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Whether a saved text is already HTML (the editor's own output) rather than plain text with line breaks. */
const looksLikeHtml = (text: string) => /<\/?(p|br|strong|b|em|i|u|ul|ol|li)\b[^>]*>/i.test(text);

/**
 * A text for the editor: HTML as it is; plain text (the standard text, older snippets) becomes
 * paragraphs at blank lines and line breaks at single ones.
 */
export function toEditorHtml(text: string): string {
  if (!text.trim()) return '';
  if (looksLikeHtml(text)) return text;
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((para) => `<p>${para.split('\n').map(escapeHtml).join('<br>')}</p>`)
    .join('');
}

/** "Dr. Jan Berg". */
export const doctorLabel = (d: Pick<DocumentRequestDoctor, 'title' | 'firstname' | 'lastname'>) => [d.title, d.firstname, d.lastname].filter(Boolean).join(' ');
