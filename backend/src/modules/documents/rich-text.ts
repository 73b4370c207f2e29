import sanitizeHtml from 'sanitize-html';

/** What the rich-text body of a prescription request may hold: text structure, no links, images, styles or scripts. */
const ALLOWED = {
  allowedTags: ['p', 'br', 'strong', 'b', 'em', 'i', 'u', 's', 'ul', 'ol', 'li', 'blockquote', 'h3', 'h4'],
  allowedAttributes: {},
  disallowedTagsMode: 'discard' as const,
};

/** The body as it is stored, printed and sent: only ALLOWED's tags, no attributes; the text of anything else kept as text. */
export function sanitizeRichText(html: string): string {
  return sanitizeHtml(html, ALLOWED).trim();
}

/** The body as plain text (the e-mail's text part, the chat's recipe_request message): paragraphs and list items on lines of their own. */
export function richTextToPlain(html: string): string {
  const spaced = html.replace(/<\/(p|li|h3|h4|blockquote)>/gi, '\n').replace(/<br\s*\/?>/gi, '\n').replace(/<li>/gi, '• ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
