import { compactTemplateUrl } from '@lantern/contracts';
import sanitizeHtml from 'sanitize-html';

// What a template's HTML may hold: the tags and attributes email clients render, no scripts, no
// event handlers, no javascript: URLs, nothing that loads or submits (iframe, object, form, base).
// Every saved template and every html-typed variable value passes through sanitizeTemplateHtml;
// the validation tells the author what it removed.

// prettier-ignore
const ALLOWED_TAGS = [
  'html', 'head', 'body', 'meta', 'title', 'style',
  'div', 'span', 'p', 'br', 'hr', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'a', 'img', 'table', 'thead', 'tbody', 'tfoot', 'tr', 'td', 'th', 'caption', 'col', 'colgroup',
  'ul', 'ol', 'li', 'dl', 'dt', 'dd', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'big', 'sup', 'sub',
  'blockquote', 'pre', 'code', 'center', 'font', 'section', 'header', 'footer', 'article', 'main',
  'nav', 'figure', 'figcaption', 'abbr', 'address', 'cite', 'q', 'del', 'ins', 'mark', 'time', 'wbr',
];

const ALLOWED_ATTRIBUTES: sanitizeHtml.IOptions['allowedAttributes'] = {
  // prettier-ignore
  '*': [
    'class', 'id', 'style', 'align', 'valign', 'width', 'height', 'bgcolor', 'border', 'role',
    'lang', 'dir', 'title', 'aria-*', 'color', 'face', 'size', 'colspan', 'rowspan', 'cellpadding',
    'cellspacing', 'scope', 'headers', 'nowrap',
  ],
  html: ['xmlns', 'xmlns:v', 'xmlns:o'],
  a: ['href', 'name', 'target', 'rel'],
  img: ['src', 'alt', 'width', 'height', 'border'],
  meta: ['charset', 'name', 'content'],
  ol: ['start', 'type'],
  time: ['datetime'],
};

const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction', 'xlink:href', 'background', 'poster']);
/** Schemes browsers run or that smuggle documents; checked ignoring case, spaces and controls. */
const DANGEROUS_URL = /^(?:javascript|vbscript|data|livescript):/i;
/** CSS that runs script in old clients or pulls in other sheets. */
const DANGEROUS_CSS_SOURCE = String.raw`expression\s*\(|javascript\s*:|vbscript\s*:|behavior\s*:|-moz-binding|@import`;
const DANGEROUS_CSS = new RegExp(DANGEROUS_CSS_SOURCE, 'i');
const DANGEROUS_CSS_ALL = new RegExp(DANGEROUS_CSS_SOURCE, 'gi');
const ALLOWED_TAG_SET = new Set(ALLOWED_TAGS);
const STYLE_BLOCK = /(<style[^>]*>)([\s\S]*?)<\/style>/gi;
const DOCTYPE = /^\s*<!doctype html[^>]*>/i;

export type TemplateHtmlReport = {
  html: string;
  /** What was removed, each kind once, in the author's terms ('<script> element'). */
  removed: string[];
  /** How many <img> elements have no alt attribute. */
  imagesWithoutAlt: number;
  /** The deepest element nesting found (the inliner and text converter recurse on it). */
  maxDepth: number;
  /** CSS rules in <style> elements (the inliner's work grows with rules times elements). */
  cssRules: number;
};

/** Deeper than this is refused: no email needs it, and the CSS inliner recurses on it. */
export const TEMPLATE_MAX_NESTING = 100;
/** More is refused: inlining 300 rules into 100 KB of elements takes about a second at worst. */
export const TEMPLATE_MAX_CSS_RULES = 300;

/** Sanitises template HTML, keeping placeholders, CSS and a leading doctype, and says what it removed. */
export function sanitizeTemplateHtml(source: string): TemplateHtmlReport {
  const removed = new Set<string>();
  let imagesWithoutAlt = 0;
  let depth = 0;
  let maxDepth = 0;
  // A leading doctype is kept as written (sanitize-html drops it); the rest is sanitised.
  const doctype = DOCTYPE.exec(source);
  const sanitized = sanitizeHtml(doctype ? source.slice(doctype[0].length) : source, {
    onOpenTag: () => {
      depth++;
      if (depth > maxDepth) maxDepth = depth;
    },
    onCloseTag: () => {
      depth = Math.max(0, depth - 1);
    },
    allowedTags: ALLOWED_TAGS,
    // <style> is allowed on purpose (email layouts need it); its text is filtered below.
    allowVulnerableTags: true,
    allowedAttributes: ALLOWED_ATTRIBUTES,
    allowedSchemes: ['http', 'https', 'mailto', 'tel'],
    allowedSchemesByTag: { img: ['http', 'https', 'cid'] },
    allowProtocolRelative: false,
    // Entities are decoded before any check (so '&#106;avascript:' is seen as javascript:) and the
    // output re-encodes only what it must: &nbsp; comes back as the character itself, same rendering.
    nonTextTags: ['script', 'textarea', 'option', 'noscript', 'xmp', 'iframe', 'noembed', 'noframes'],
    transformTags: {
      '*': (tagName, attribs) => {
        noteRemovals(tagName, attribs, removed);
        if (tagName === 'img' && !Object.prototype.hasOwnProperty.call(attribs, 'alt')) imagesWithoutAlt++;
        const style = attribs.style;
        if (style && DANGEROUS_CSS.test(style)) {
          removed.add('script in a style attribute');
          attribs.style = style.replace(DANGEROUS_CSS_ALL, '');
        }
        return { tagName, attribs };
      },
    },
  });
  // sanitize-html passes <style> text through as written; its dangerous CSS is removed here.
  let cssRules = 0;
  const html = sanitized.replace(STYLE_BLOCK, (block: string, open: string, css: string) => {
    cssRules += css.split('{').length - 1;
    if (!DANGEROUS_CSS.test(css)) return block;
    removed.add('script or @import in a <style> element');
    return `${open}${css.replace(DANGEROUS_CSS_ALL, '')}</style>`;
  });
  return {
    html: doctype ? doctype[0].trimStart() + html : html,
    removed: [...removed],
    imagesWithoutAlt,
    maxDepth,
    cssRules,
  };
}

function noteRemovals(tagName: string, attribs: Record<string, string>, removed: Set<string>) {
  if (!ALLOWED_TAG_SET.has(tagName)) removed.add(`<${tagName}> element`);
  for (const [name, value] of Object.entries(attribs)) {
    const attr = name.toLowerCase();
    if (attr.startsWith('on')) {
      removed.add(`${attr} event handler on <${tagName}>`);
      delete attribs[name];
    } else if (URL_ATTRIBUTES.has(attr) && DANGEROUS_URL.test(compactTemplateUrl(value))) {
      const scheme = compactTemplateUrl(value).split(':')[0]!.toLowerCase();
      removed.add(`${scheme}: URL in <${tagName} ${attr}>`);
      delete attribs[name];
    }
  }
}
