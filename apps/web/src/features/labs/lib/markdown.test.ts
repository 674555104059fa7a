import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads paragraphs, headings, bulleted and numbered lists', () => {
    expect(parseMarkdown('# Title\nOne line\nsame paragraph\n\n- a\n- b\n1. c\n2) d\n\nEnd')).toEqual([
      { kind: 'heading', inlines: [{ text: 'Title', bold: false, italic: false }] },
      { kind: 'paragraph', inlines: [{ text: 'One line same paragraph', bold: false, italic: false }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ text: 'a', bold: false, italic: false }], [{ text: 'b', bold: false, italic: false }]],
      },
      {
        kind: 'list',
        ordered: true,
        items: [[{ text: 'c', bold: false, italic: false }], [{ text: 'd', bold: false, italic: false }]],
      },
      { kind: 'paragraph', inlines: [{ text: 'End', bold: false, italic: false }] },
    ]);
  });

  it('keeps markup and unmatched marks as text', () => {
    expect(parseInline('<b>x</b> 2 * 3 and **bold** or _it_')).toEqual([
      { text: '<b>x</b> 2 * 3 and ', bold: false, italic: false },
      { text: 'bold', bold: true, italic: false },
      { text: ' or ', bold: false, italic: false },
      { text: 'it', bold: false, italic: true },
    ]);
    expect(parseMarkdown('')).toEqual([]);
    expect(parseMarkdown(null)).toEqual([]);
  });
});
