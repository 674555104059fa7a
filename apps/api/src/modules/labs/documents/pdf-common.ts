/**
 * What the labs documents share (issue 14 §4, §5): the PDF stream collected into a Buffer, text made safe
 * for PDFKit's standard fonts, dates, bands, and the clinical team's markdown reduced to plain text.
 */
import type { Band } from '@portal/domain/labs/ranges';
import PDFDocument from 'pdfkit';

/** The fourteen fonts every PDF reader has (PDF 1.7, 9.6.2.2): PDFKit lays them out from their AFM metrics. */
const STANDARD_FONTS = new Set([
  'Courier',
  'Courier-Bold',
  'Courier-BoldOblique',
  'Courier-Oblique',
  'Helvetica',
  'Helvetica-Bold',
  'Helvetica-BoldOblique',
  'Helvetica-Oblique',
  'Symbol',
  'Times-Bold',
  'Times-BoldItalic',
  'Times-Italic',
  'Times-Roman',
  'ZapfDingbats',
]);

/** PDFKit's standard font object, as far as sharing its metrics goes. */
interface StandardFontObject {
  document: unknown;
  id: string;
  encode(text: string, features?: unknown): [string[], unknown[]];
  widthOfString(text: string, size: number, features?: unknown): number;
}

/** The document's font state PDFKit keeps (mixins/fonts). */
interface FontState {
  _fontFamilies: Record<string, unknown>;
  _fontCount: number;
  _registeredFonts: Record<string, unknown>;
  _font: StandardFontObject;
}

/** A standard font's metrics parsed once, and the layouts of the strings drawn with it lately. */
interface SharedMetrics {
  prototype: StandardFontObject;
  /** The font object's fields but its document and id: the parsed AFM metrics and the line heights. */
  fields: Record<string, unknown>;
  /** Width of a string at 1000 units (a size of 1000 points). */
  widths: Map<string, number>;
  encodings: Map<string, [string[], unknown[]]>;
}

/** Strings kept per font and kind before the memo starts afresh: the words of a few dozen documents. */
const MEMO_LIMIT = 4096;

function remember<V>(memo: Map<string, V>, key: string, value: V): V {
  if (memo.size >= MEMO_LIMIT) memo.clear();
  memo.set(key, value);
  return value;
}

/**
 * Parsing a standard font's AFM metrics builds a table of a few thousand kerning pairs: PDFKit does it for
 * every document and font, about a millisecond each, and then measures each word glyph by glyph through that
 * table. The metrics never change, so they are parsed once per process and every document gets a font object
 * of its own (its own resource name and PDF object) over them; the widths and glyph runs of the strings drawn
 * lately are remembered, since the same test names and labels come back in every document.
 */
const sharedMetrics = new Map<string, SharedMetrics>();

function shareMetrics(font: StandardFontObject): SharedMetrics {
  const {
    document: _document,
    id: _id,
    dictionary: _dictionary,
    embedded: _embedded,
    ...fields
  } = font as unknown as Record<string, unknown>;
  return {
    prototype: Object.getPrototypeOf(font) as StandardFontObject,
    fields,
    widths: new Map(),
    encodings: new Map(),
  };
}

/** The font's measuring and encoding, remembered per string; the results are PDFKit's own. */
function withMemo(font: StandardFontObject, shared: SharedMetrics): StandardFontObject {
  const { prototype, widths, encodings } = shared;
  font.widthOfString = (text, size, features) => {
    const key = String(text);
    const width =
      widths.get(key) ?? remember(widths, key, prototype.widthOfString.call(font, key, 1000, features));
    return width * (size / 1000);
  };
  font.encode = (text, features) => {
    const key = String(text);
    const [encoded, positions] =
      encodings.get(key) ?? remember(encodings, key, prototype.encode.call(font, key, features));
    return [encoded.slice(), positions.slice()];
  };
  return font;
}

const PDFKitDocument = PDFDocument as unknown as new (
  options?: PDFKit.PDFDocumentOptions,
) => PDFKit.PDFDocument;

/** A PDFKit document whose standard fonts share their parsed metrics with the other documents. */
class SharedFontsDocument extends PDFKitDocument {
  override font(src: PDFKit.Mixins.PDFFontSource, family?: string | number, size?: number): this {
    const state = this as unknown as FontState;
    const name =
      typeof src === 'string' &&
      STANDARD_FONTS.has(src) &&
      typeof family !== 'string' &&
      !state._registeredFonts[src] &&
      !state._fontFamilies[src]
        ? src
        : null;
    const shared = name ? sharedMetrics.get(name) : undefined;
    if (name && shared) {
      // as PDFKit names a font it opens (F1, F2, ...), cached under its name so font() below takes it
      const font = Object.assign(Object.create(shared.prototype), shared.fields, {
        document: this,
        id: `F${++state._fontCount}`,
      }) as StandardFontObject;
      state._fontFamilies[name] = withMemo(font, shared);
    }
    // PDFKit reads a number in place of the family as the size
    super.font(src, family as string, size);
    if (name && !shared) {
      const first = shareMetrics(state._font);
      sharedMetrics.set(name, first);
      withMemo(state._font, first);
    }
    return this;
  }
}

/** A PDFKit document and the Buffer it becomes once ended. */
export function createPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new SharedFontsDocument(options);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done };
}

/** Characters outside Latin-1 that the standard fonts' WinAnsi encoding still holds (PDFKit maps them). */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text every character of which is drawn as it is: printable ASCII, line breaks and tabs (most text). */
const PRINTABLE_ASCII = /^[\x20-\x7e\n\t]*$/;

/** Readable stand-ins for characters the standard fonts cannot draw. */
const REPLACEMENTS: Readonly<Record<string, string>> = {
  '≤': '<=',
  '≥': '>=',
  '⁰': '^0',
  '⁴': '^4',
  '⁵': '^5',
  '⁶': '^6',
  '⁷': '^7',
  '⁸': '^8',
  '⁹': '^9',
  μ: 'µ',
  '−': '-',
  '→': '->',
  '×': 'x',
  '\u00a0': ' ',
};

/**
 * Text the standard Helvetica fonts can draw: Latin-1 and WinAnsi characters kept, a few symbols spelled out
 * (≤ as <=, 10⁹ as 10^9), control characters and anything else (emoji, other scripts) replaced by '?' rather
 * than drawn as garbage. Line breaks and tabs are kept.
 */
export function pdfSafe(text: string): string {
  if (PRINTABLE_ASCII.test(text)) return text;
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0) ?? 0;
    if (char === '\n' || char === '\t') out += char;
    else if (char === '\r') continue;
    else if (REPLACEMENTS[char] !== undefined) out += REPLACEMENTS[char];
    else if ((code >= 0x20 && code < 0x7f) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(char))
      out += char;
    else if (code < 0x20 || (code >= 0x7f && code < 0xa0)) continue;
    else if (code >= 0xfe00 && code <= 0xfe0f)
      continue; // variation selectors
    else if (code === 0x200b || code === 0x200c || code === 0x200d || code === 0xfeff)
      continue; // zero-width
    else out += '?';
  }
  return out;
}

const DATE = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  timeZone: 'UTC',
});

/** A date as 'Nov 20, 2026' (UTC); a 'YYYY-MM-DD' string is read as that calendar day. Empty when missing. */
export function formatDate(date: Date | string | null | undefined): string {
  if (date == null || date === '') return '';
  const parsed =
    typeof date === 'string' ? new Date(/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date}T00:00:00Z` : date) : date;
  return Number.isNaN(parsed.getTime()) ? String(date) : DATE.format(parsed);
}

/** A band as text: '65 - 99', '<= 199', '>= 40'; empty when both ends are open. */
export function formatBand(band: Band | null | undefined): string {
  if (!band) return '';
  const { min, max } = band;
  if (min !== undefined && max !== undefined) return `${min} - ${max}`;
  if (max !== undefined) return `<= ${max}`;
  if (min !== undefined) return `>= ${min}`;
  return '';
}

/** A sex as written on a form. */
export function formatSex(sex: string | null | undefined): string {
  if (!sex) return 'Not given';
  return sex.charAt(0).toUpperCase() + sex.slice(1);
}

/** Removes HTML comments by scanning, so unclosed ones cost linear time (an unclosed one runs to the end). */
function stripComments(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    if (open === -1) return out + text.slice(at);
    out += text.slice(at, open);
    const close = text.indexOf('-->', open + 4);
    if (close === -1) return out;
    at = close + 3;
  }
}

/** A heading's optional closing run of '#', removed without a backtracking pattern. */
function trimClosingHashes(line: string): string {
  let end = line.length;
  while (end > 0 && line[end - 1] === '#') end--;
  if (end === line.length || end === 0) return end === 0 ? '' : line;
  return line[end - 1] === ' ' || line[end - 1] === '\t' ? line.slice(0, end).trimEnd() : line;
}

/**
 * The clinical team's markdown as plain text, safely: HTML tags and comments removed, images by their alt
 * text, links by their text, emphasis, code marks, headings and blockquote marks dropped, list items kept
 * with '-' (numbers kept), horizontal rules and fences removed, blank runs collapsed. Linear-time patterns
 * only (no nested quantifiers), so no input can make it hang.
 */
export function markdownToPlainText(markdown: string | null | undefined): string {
  if (!markdown) return '';
  const lines = stripComments(markdown.replace(/\r\n?/g, '\n'))
    .replace(/<\/?[A-Za-z][^<>]*>/g, '')
    .split('\n');
  const out: string[] = [];
  for (const raw of lines) {
    let line = raw.trimEnd();
    if (/^\s*(```|~~~)/.test(line)) continue;
    if (/^\s*([-*_])(\s*\1){2,}\s*$/.test(line)) continue;
    if (/^\s*(=+|-+)\s*$/.test(line) && out.length > 0 && out[out.length - 1] !== '') continue; // setext underline
    if (/^\s{0,3}#{1,6}\s/.test(line)) line = trimClosingHashes(line.replace(/^\s{0,3}#{1,6}\s+/, ''));
    line = line.replace(/^(\s*>)+\s?/, '');
    line = line.replace(/^(\s*)[-*+]\s+(\[[ xX]\]\s+)?/, '$1- ');
    line = line
      .replace(/!\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^[\]]*)\]\((?:[^()]|\([^()]*\))*\)/g, '$1')
      .replace(/\[([^[\]]*)\]\[[^[\]]*\]/g, '$1')
      .replace(/^\s*\[[^\]]+\]:\s*\S+.*$/, '')
      .replace(/`+/g, '')
      .replace(/\*\*(?=\S)([^*]*?\S)\*\*/g, '$1')
      .replace(/(?<![A-Za-z0-9_])__(?=\S)([^_]*?\S)__(?![A-Za-z0-9_])/g, '$1')
      .replace(/\*(?=\S)([^*]*?\S)\*/g, '$1')
      .replace(/(?<![A-Za-z0-9_])_(?=\S)([^_]*?\S)_(?![A-Za-z0-9_])/g, '$1')
      .replace(/~~(?=\S)([^~]*?\S)~~/g, '$1')
      .replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1')
      .replace(/&nbsp;/g, ' ')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&amp;/g, '&');
    if (line.trim() === '' && (out.length === 0 || out[out.length - 1] === '')) continue;
    out.push(line.trim() === '' ? '' : line);
  }
  while (out.length > 0 && out[out.length - 1] === '') out.pop();
  return out.join('\n');
}
