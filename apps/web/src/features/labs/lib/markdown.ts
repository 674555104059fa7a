/**
 * A small markdown reader for the clinical team's message (002 §2.4): paragraphs, headings, bulleted and
 * numbered lists, **bold** and *italic*. It only splits text into pieces; the page renders them as React
 * text, so anything else in the message (HTML, a <script>) stays visible text and is never run.
 */

/** A run of text, bold and/or italic. */
export interface Inline {
  text: string;
  bold: boolean;
  italic: boolean;
}

export type Block =
  | { kind: 'paragraph'; inlines: Inline[] }
  | { kind: 'heading'; inlines: Inline[] }
  | { kind: 'list'; ordered: boolean; items: Inline[][] };

const BULLET = /^\s*[-*+]\s+(.*)$/;
const NUMBERED = /^\s*\d+[.)]\s+(.*)$/;
const HEADING = /^\s*#{1,6}\s+(.*)$/;

/** The inline runs of a line: `**bold**`, `__bold__`, `*italic*`, `_italic_`; unmatched marks stay as text. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  const push = (part: string, bold: boolean, italic: boolean) => {
    if (!part) return;
    const last = out[out.length - 1];
    if (last && last.bold === bold && last.italic === italic) last.text += part;
    else out.push({ text: part, bold, italic });
  };
  const pattern = /(\*\*|__)(.+?)\1|(\*|_)(?!\s)(.+?)(?<!\s)\3/g;
  let at = 0;
  for (const match of text.matchAll(pattern)) {
    push(text.slice(at, match.index), false, false);
    if (match[2] !== undefined) {
      for (const inner of parseInline(match[2])) push(inner.text, true, inner.italic);
    } else push(match[4] ?? '', false, true);
    at = match.index + match[0].length;
  }
  push(text.slice(at), false, false);
  return out;
}

/** The blocks of a markdown text: blank lines end a paragraph or a list. */
export function parseMarkdown(source: string | null | undefined): Block[] {
  const blocks: Block[] = [];
  const state: { paragraph: string[]; list: { ordered: boolean; items: string[] } | null } = {
    paragraph: [],
    list: null,
  };

  const endParagraph = () => {
    if (state.paragraph.length > 0)
      blocks.push({ kind: 'paragraph', inlines: parseInline(state.paragraph.join(' ')) });
    state.paragraph = [];
  };
  const endList = () => {
    if (state.list)
      blocks.push({ kind: 'list', ordered: state.list.ordered, items: state.list.items.map(parseInline) });
    state.list = null;
  };

  for (const raw of (source ?? '').replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    const bullet = BULLET.exec(raw);
    const numbered = bullet ? null : NUMBERED.exec(raw);
    const heading = HEADING.exec(raw);
    if (!line) {
      endParagraph();
      endList();
    } else if (heading) {
      endParagraph();
      endList();
      blocks.push({ kind: 'heading', inlines: parseInline((heading[1] ?? '').trim()) });
    } else if (bullet || numbered) {
      endParagraph();
      const ordered = Boolean(numbered);
      if (state.list && state.list.ordered !== ordered) endList();
      state.list ??= { ordered, items: [] };
      state.list.items.push(((bullet ?? numbered)?.[1] ?? '').trim());
    } else if (state.list) {
      // a line under a list item continues it
      const items = state.list.items;
      items[items.length - 1] += ` ${line}`;
    } else state.paragraph.push(line);
  }
  endParagraph();
  endList();
  return blocks;
}
