import { describe, expect, it } from 'vitest';
import { safeImageUrl, safeLinkUrl, youtubeEmbedUrl, youtubeId } from './block-links';
import { MessageBlock, plainTextOfBlocks } from './blocks';

describe('safeLinkUrl', () => {
  it.each([
    'https://example.com',
    'https://example.com/path?a=1&b=2#part',
    'HTTPS://Example.com/Page',
    'http://example.com/',
    'mailto:care@clinic.example',
    'mailto:care@clinic.example?subject=Hello%20there',
    'tel:+15550100',
    'tel:(555)010-0100',
    '/dashboard/abc/profile',
    '/',
  ])('allows %j', (url) => {
    expect(safeLinkUrl(url)).toBe(url);
  });

  it.each([
    ['javascript:', 'javascript:alert(1)'],
    ['javascript: in capitals', 'JavaScript:alert(1)'],
    ['data:', 'data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
    ['vbscript:', 'vbscript:msgbox(1)'],
    ['file:', 'file:///etc/passwd'],
    ['ftp:', 'ftp://example.com/file'],
    ['blank', ''],
    ['a space', ' '],
    ['a tab inside the scheme', 'java\tscript:alert(1)'],
    ['a new line inside the scheme', 'java\nscript:alert(1)'],
    ['a leading space', ' javascript:alert(1)'],
    ['a leading NUL', '\u0000javascript:alert(1)'],
    ['a leading control character', '\u0001https://example.com'],
    ['a leading no-break space', '\u00a0https://example.com'],
    ['a zero-width space', 'https://exa\u200bmple.com'],
    ['a space inside', 'https://exa mple.com'],
    ['a trailing new line', 'https://example.com\n'],
    ['protocol-relative', '//evil.example'],
    ['a tab between two slashes', '/\t/evil.example'],
    ['a backslash after the slash', '/\\evil.example'],
    ['a quote', 'https://example.com/"onmouseover="x'],
    ['an angle bracket', 'https://example.com/<script>'],
    ['https without a host', 'https://'],
    ['https without slashes', 'https:evil.example'],
    ['https with an empty host', 'https:///evil.example'],
    ['mailto without an address', 'mailto:'],
    ['mailto without @', 'mailto:nobody'],
    ['tel without digits', 'tel:'],
    ['tel with letters', 'tel:call-me'],
    ['a relative path without a slash', 'dashboard/profile'],
    ['a fragment only', '#top'],
    ['a host without a scheme', 'example.com'],
  ])('refuses %s', (_why, url) => {
    expect(safeLinkUrl(url)).toBeNull();
  });
});

describe('safeImageUrl', () => {
  it('allows web addresses and paths on this site', () => {
    expect(safeImageUrl('https://cdn.example.com/a.png')).toBe('https://cdn.example.com/a.png');
    expect(safeImageUrl('/v2/media/abc')).toBe('/v2/media/abc');
  });

  it('refuses what is not an image source', () => {
    expect(safeImageUrl('mailto:care@clinic.example')).toBeNull();
    expect(safeImageUrl('tel:+15550100')).toBeNull();
    expect(safeImageUrl('data:image/svg+xml,<svg/onload=alert(1)>')).toBeNull();
    expect(safeImageUrl('javascript:alert(1)')).toBeNull();
    expect(safeImageUrl('//evil.example/a.png')).toBeNull();
  });
});

describe('youtubeId', () => {
  it.each([
    'dQw4w9WgXcQ',
    ' dQw4w9WgXcQ ',
    'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtube.com/watch?feature=share&v=dQw4w9WgXcQ&t=10',
    'http://m.youtube.com/watch?v=dQw4w9WgXcQ#t=5',
    'www.youtube.com/watch?v=dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ',
    'https://youtu.be/dQw4w9WgXcQ?t=42',
    'youtu.be/dQw4w9WgXcQ',
    'https://www.youtube.com/embed/dQw4w9WgXcQ',
    'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ',
    'https://youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
  ])('reads the id of %j', (value) => {
    expect(youtubeId(value)).toBe('dQw4w9WgXcQ');
  });

  it('keeps the id with - and _', () => {
    expect(youtubeId('a-b_c-d_e-f')).toBe('a-b_c-d_e-f');
    expect(youtubeId('https://youtu.be/A1_-z9Z0y8x')).toBe('A1_-z9Z0y8x');
  });

  it.each([
    ['10 characters', 'dQw4w9WgXc'],
    ['12 characters', 'dQw4w9WgXcQQ'],
    ['a character outside the id alphabet', 'dQw4w9WgXc!'],
    ['blank', ''],
    ['another host', 'https://evil.example/watch?v=dQw4w9WgXcQ'],
    ['a look-alike host', 'https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ'],
    ['a host ending in youtube.com', 'https://notyoutube.com/watch?v=dQw4w9WgXcQ'],
    ['a longer id in a short link', 'https://youtu.be/dQw4w9WgXcQQ'],
    ['a path after the embed id', 'https://www.youtube.com/embed/dQw4w9WgXcQ/../x'],
    ['a parameter that only ends in v', 'https://www.youtube.com/watch?vv=dQw4w9WgXcQ'],
    ['a watch address without v', 'https://www.youtube.com/watch?list=dQw4w9WgXcQ'],
    ['a channel', 'https://www.youtube.com/@clinic'],
    ['javascript: before a YouTube address', 'javascript:alert(1)//youtu.be/dQw4w9WgXcQ'],
    ['another scheme', 'ftp://youtu.be/dQw4w9WgXcQ'],
  ])('refuses %s', (_why, value) => {
    expect(youtubeId(value)).toBeNull();
  });
});

describe('youtubeEmbedUrl', () => {
  it('embeds from the privacy-enhanced domain', () => {
    expect(youtubeEmbedUrl('dQw4w9WgXcQ')).toBe('https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
  });
});

describe('MessageBlock (001 §2, §3)', () => {
  const accepts = (block: unknown) => expect(MessageBlock.safeParse(block).success).toBe(true);
  const refuses = (block: unknown) => expect(MessageBlock.safeParse(block).success).toBe(false);

  it('accepts a paragraph of 1 to 10,000 characters', () => {
    accepts({ type: 'paragraph', text: 'Hello' });
    accepts({ type: 'paragraph', text: 'x' });
    accepts({ type: 'paragraph', text: 'x'.repeat(10_000) });
  });

  it('refuses an empty paragraph, one over 10,000 characters and one without text', () => {
    refuses({ type: 'paragraph', text: '' });
    refuses({ type: 'paragraph', text: 'x'.repeat(10_001) });
    refuses({ type: 'paragraph' });
  });

  it('keeps the text of a paragraph as written (markup stays text)', () => {
    const block = { type: 'paragraph', text: '<img src=x onerror=alert(1)>' };
    expect(MessageBlock.parse(block)).toEqual(block);
  });

  it('accepts an image with or without a caption', () => {
    accepts({ type: 'image', url: 'https://cdn.example.com/a.png' });
    accepts({ type: 'image', url: '/v2/media/abc', text: 'Your results' });
  });

  it('refuses an image whose address is not a web address or a path on this site', () => {
    refuses({ type: 'image', url: 'javascript:alert(1)' });
    refuses({ type: 'image', url: 'data:image/png;base64,iVBORw0KGgo=' });
    refuses({ type: 'image', url: '//evil.example/a.png' });
    refuses({ type: 'image' });
  });

  it('accepts a youtube block with an id', () => {
    accepts({ type: 'youtube', youtube_id: 'dQw4w9WgXcQ' });
    accepts({ type: 'youtube', youtube_id: 'dQw4w9WgXcQ', text: 'Welcome' });
  });

  it('refuses a youtube block whose youtube_id is not an id', () => {
    refuses({ type: 'youtube', youtube_id: 'https://youtu.be/dQw4w9WgXcQ' });
    refuses({ type: 'youtube', youtube_id: 'dQw4w9WgXc' });
    refuses({ type: 'youtube', youtube_id: 'dQw4w9WgXcQ"><script>' });
    refuses({ type: 'youtube', youtube_id: '' });
  });

  it('accepts ordered and unordered lists of 1 to 50 items, bold_text optional', () => {
    accepts({ type: 'list', items_type: 'ordered', list_items: [{ text: 'One' }] });
    accepts({
      type: 'list',
      items_type: 'unordered',
      list_items: Array.from({ length: 50 }, (_, i) => ({ bold_text: `${i}:`, text: 'item' })),
    });
  });

  it('refuses a list without items, over 50 items or of another kind', () => {
    refuses({ type: 'list', items_type: 'ordered', list_items: [] });
    refuses({
      type: 'list',
      items_type: 'ordered',
      list_items: Array.from({ length: 51 }, () => ({ text: 'item' })),
    });
    refuses({ type: 'list', items_type: 'bulleted', list_items: [{ text: 'One' }] });
    refuses({ type: 'list', items_type: 'ordered', list_items: [{ bold_text: 'No text' }] });
  });

  it('accepts an action to a page, a site path, an e-mail or a call', () => {
    accepts({ type: 'action', text: 'See results', linkUrl: '/dashboard/u1/lab-analysis/r1' });
    accepts({ type: 'action', text: 'Read more', linkUrl: 'https://clinic.example/guide' });
    accepts({ type: 'action', text: 'E-mail us', linkUrl: 'mailto:care@clinic.example' });
    accepts({ type: 'action', text: 'Call us', linkUrl: 'tel:+15550100' });
  });

  it('refuses an action whose linkUrl is not safe', () => {
    refuses({ type: 'action', text: 'Click', linkUrl: 'javascript:alert(1)' });
    refuses({ type: 'action', text: 'Click', linkUrl: 'java\tscript:alert(1)' });
    refuses({ type: 'action', text: 'Click', linkUrl: ' javascript:alert(1)' });
    refuses({ type: 'action', text: 'Click', linkUrl: 'data:text/html,<script>alert(1)</script>' });
    refuses({ type: 'action', text: 'Click', linkUrl: '//evil.example' });
    refuses({ type: 'action', text: 'Click', linkUrl: '' });
  });

  it('refuses an action without text', () => {
    refuses({ type: 'action', text: '', linkUrl: '/dashboard' });
    refuses({ type: 'action', linkUrl: '/dashboard' });
  });

  it('refuses an unknown type and fields a block does not have', () => {
    refuses({ type: 'html', text: '<b>hi</b>' });
    refuses({ text: 'no type' });
    refuses({ type: 'paragraph', text: 'Hi', html: '<b>hi</b>' });
    refuses({ type: 'action', text: 'Go', linkUrl: '/dashboard', onclick: 'alert(1)' });
  });
});

describe('plainTextOfBlocks', () => {
  it('writes paragraphs, list items, captions and action texts one per line', () => {
    const blocks: MessageBlock[] = [
      { type: 'paragraph', text: 'Your lab results are in.' },
      { type: 'image', url: '/v2/media/abc', text: 'Biomarkers chart' },
      {
        type: 'list',
        items_type: 'unordered',
        list_items: [{ bold_text: 'Vitamin D:', text: 'low' }, { text: 'Lipids normal' }],
      },
      { type: 'youtube', youtube_id: 'dQw4w9WgXcQ', text: 'What the numbers mean' },
      { type: 'action', text: 'See results', linkUrl: '/dashboard/u1/labs' },
    ];
    expect(plainTextOfBlocks(blocks)).toBe(
      [
        'Your lab results are in.',
        'Biomarkers chart',
        'Vitamin D: low',
        'Lipids normal',
        'What the numbers mean',
        'See results',
      ].join('\n'),
    );
  });

  it('leaves out images and videos without a caption and blank lines', () => {
    expect(
      plainTextOfBlocks([
        { type: 'image', url: '/v2/media/abc' },
        { type: 'youtube', youtube_id: 'dQw4w9WgXcQ', text: '  ' },
        { type: 'paragraph', text: ' Hello ' },
        {
          type: 'list',
          items_type: 'ordered',
          list_items: [{ text: '' }, { bold_text: 'Only bold', text: '' }],
        },
      ]),
    ).toBe('Hello\nOnly bold');
  });

  it('is empty for no blocks', () => {
    expect(plainTextOfBlocks([])).toBe('');
  });
});
