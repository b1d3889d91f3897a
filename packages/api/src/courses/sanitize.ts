import sanitizeHtml from 'sanitize-html';

/**
 * What the rich-text editor may produce, and nothing else: text formatting, headings, lists,
 * quotes, code, links (http, https and mailto, opened safely) and images from https or our own
 * routes. Scripts, event handlers (`onerror=`), styles, iframes and `javascript:` URLs are dropped,
 * so a lesson's HTML can be rendered as it is for every member.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'code', 'pre', 'blockquote', 'ul', 'ol', 'li', 'a', 'img', 'mark', 'sub', 'sup'],
  allowedAttributes: { a: ['href', 'target', 'rel'], img: ['src', 'alt'], '*': ['dir'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: { a: sanitizeHtml.simpleTransform('a', { target: '_blank', rel: 'noopener noreferrer nofollow' }) },
};

/** The HTML safe to store and render; null when nothing is left. */
export function sanitizeRichText(html: string | null): string | null {
  if (html === null) return null;
  const clean = sanitizeHtml(html, OPTIONS).trim();
  return clean.replace(/<p>\s*<\/p>/g, '') === '' ? null : clean;
}
