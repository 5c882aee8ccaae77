const BLOCK_END = /<\/(p|div|h[1-6]|ul|ol|tr|table|section|article|header|footer|blockquote)\s*>/gi;
const LINE_BREAK = /<br\s*\/?>/gi;
const DROPPED = /<(script|style|head|title|template|noscript)\b[\s\S]*?<\/\1\s*>/gi;
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, code: string) => {
    if (code[0] === '#') {
      const point =
        code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
      return Number.isFinite(point) && point > 0 && point <= 0x10ffff ? String.fromCodePoint(point) : whole;
    }
    return ENTITIES[code.toLowerCase()] ?? whole;
  });
}

/**
 * The plain-text version of a campaign's HTML (2.7: editing content derives it): links keep their
 * address, blocks end lines, list items get a dash, scripts and styles go. Placeholders stay as
 * written. The server derives the same when the text is left empty.
 */
export function plainTextOf(html: string): string {
  const text = html
    .replace(DROPPED, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(
      /<a\b[^>]*\bhref\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a\s*>/gi,
      (_, href: string, label: string) => {
        const inner = label.replace(/<[^>]*>/g, '').trim();
        return inner && inner !== href ? `${inner} (${href})` : href;
      },
    )
    .replace(/<li\b[^>]*>/gi, '- ')
    .replace(/<\/li\s*>/gi, '\n')
    .replace(LINE_BREAK, '\n')
    .replace(BLOCK_END, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .replace(/[ \t\f\v\r]+/g, ' ')
    .replace(/ *\n */g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
