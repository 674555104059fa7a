/**
 * What the labs documents share (issue 14 §4, §5): the PDF stream collected into a Buffer, text made safe
 * for PDFKit's standard fonts, dates, bands, and the clinical team's markdown reduced to plain text.
 */
import type { Band } from '@portal/domain/labs/ranges';
import PDFDocument from 'pdfkit';

/** A PDFKit document and the Buffer it becomes once ended. */
export function createPdf(options: PDFKit.PDFDocumentOptions): {
  doc: PDFKit.PDFDocument;
  done: Promise<Buffer>;
} {
  const doc = new PDFDocument(options);
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
