import { z } from 'zod';
import { externalUrl } from '../dashboard/widgets';

/**
 * Characters a browser drops or reinterprets while reading an address (spaces, tabs and new lines, control
 * and invisible format characters, the backslash it takes for a slash) and markup quotes. 'java\tscript:'
 * is read as 'javascript:' and '/\t/evil' as '//evil', so an address holding any of them is refused whole
 * rather than cleaned.
 */
const UNSAFE_CHARACTER = /[\s\p{Cc}\p{Cf}\\<>"'`]/u;
const MAILTO = /^mailto:[^?]+@[^?]+(?:\?.*)?$/i;
const TEL = /^tel:\+?[0-9().-]*[0-9][0-9().-]*$/i;

/**
 * The address of a link a sender wrote, when following it can only open a page, an e-mail or a call: an
 * absolute https:, http:, mailto: or tel: address, or a path on this site ('/dashboard/...', never the
 * protocol-relative '//host'). Anything else (javascript:, data:, vbscript:, file:, blank) is null, so a
 * message renders inert whoever wrote it.
 */
export function safeLinkUrl(url: string): string | null {
  if (url === '' || UNSAFE_CHARACTER.test(url)) return null;
  if (url.startsWith('/')) return url.startsWith('//') ? null : url;
  if (/^https?:/i.test(url)) return externalUrl(url);
  if (MAILTO.test(url) || TEL.test(url)) return url;
  return null;
}

/** The source of an image block: a web address or a path on this site, never mailto:, tel: or data:. */
export function safeImageUrl(url: string): string | null {
  const safe = safeLinkUrl(url);
  return safe && (safe.startsWith('/') || /^https?:/i.test(safe)) ? safe : null;
}

const ID = '([A-Za-z0-9_-]{11})';
const YOUTUBE_ID = new RegExp(`^${ID}$`);
const SCHEME = '(?:https?://)?';
const REST = '(?:[?#].*)?$';
const YOUTUBE_URLS = [
  new RegExp(`^${SCHEME}(?:www\\.|m\\.)?youtube\\.com/watch\\?(?:[^#]*&)?v=${ID}(?:[&#].*)?$`, 'i'),
  new RegExp(`^${SCHEME}youtu\\.be/${ID}${REST}`, 'i'),
  new RegExp(`^${SCHEME}(?:www\\.|m\\.)?youtube\\.com/embed/${ID}${REST}`, 'i'),
  new RegExp(`^${SCHEME}(?:www\\.)?youtube-nocookie\\.com/embed/${ID}${REST}`, 'i'),
];

/**
 * The 11-character YouTube id of a value: the id itself, or a youtube.com/watch?v=, youtu.be/,
 * youtube.com/embed/ or youtube-nocookie.com/embed/ address. Anything else is null, so a video block can only
 * ever embed a YouTube video.
 */
export function youtubeId(value: string): string | null {
  const trimmed = value.trim();
  if (YOUTUBE_ID.test(trimmed)) return trimmed;
  for (const pattern of YOUTUBE_URLS) {
    const match = pattern.exec(trimmed);
    if (match) return match[1]!;
  }
  return null;
}

/** The embed address of a video on YouTube's privacy-enhanced domain, which sets no cookie until it is played. */
export function youtubeEmbedUrl(id: string): string {
  return `https://www.youtube-nocookie.com/embed/${id}`;
}

/** Longest text of a paragraph block, and of any other text a block carries. */
export const BLOCK_TEXT_MAX = 10_000;
/** Items a list block holds. */
export const LIST_ITEMS_MIN = 1;
export const LIST_ITEMS_MAX = 50;
/** Longest address of an image or action block. */
export const BLOCK_URL_MAX = 2048;

const Caption = z.string().max(BLOCK_TEXT_MAX).optional();

/** A paragraph of text (001 §2 "Message blocks"). */
export const ParagraphBlock = z
  .object({ type: z.literal('paragraph'), text: z.string().min(1).max(BLOCK_TEXT_MAX) })
  .strict();

/** An image with an optional caption. */
export const ImageBlock = z
  .object({
    type: z.literal('image'),
    url: z
      .string()
      .max(BLOCK_URL_MAX)
      .refine((url) => safeImageUrl(url) !== null, {
        message: 'An image must be a web address or a path on this site.',
      }),
    text: Caption,
  })
  .strict();

/** A YouTube video by its id, with an optional caption. */
export const YoutubeBlock = z
  .object({
    type: z.literal('youtube'),
    youtube_id: z.string().regex(YOUTUBE_ID, 'Must be an 11-character YouTube id.'),
    text: Caption,
  })
  .strict();

/** One item of a list: an optional bold lead-in and its text. */
export const ListItem = z
  .object({ bold_text: z.string().max(BLOCK_TEXT_MAX).optional(), text: z.string().max(BLOCK_TEXT_MAX) })
  .strict();

/** An ordered or unordered list of 1 to 50 items. */
export const ListBlock = z
  .object({
    type: z.literal('list'),
    items_type: z.enum(['ordered', 'unordered']),
    list_items: z.array(ListItem).min(LIST_ITEMS_MIN).max(LIST_ITEMS_MAX),
  })
  .strict();

/** A button to a page, an e-mail or a call; the address must pass safeLinkUrl. */
export const ActionBlock = z
  .object({
    type: z.literal('action'),
    text: z.string().min(1).max(BLOCK_TEXT_MAX),
    linkUrl: z
      .string()
      .max(BLOCK_URL_MAX)
      .refine((url) => safeLinkUrl(url) !== null, {
        message: 'A link must be an https, http, mailto or tel address, or a path on this site.',
      }),
  })
  .strict();

/** What a message shows (001 §2, §3): paragraph, image, youtube, list or action. */
export const MessageBlock = z.discriminatedUnion('type', [
  ParagraphBlock,
  ImageBlock,
  YoutubeBlock,
  ListBlock,
  ActionBlock,
]);
export type MessageBlock = z.infer<typeof MessageBlock>;

/**
 * A message's text without markup, for previews such as a notification: paragraphs, list items (bold lead-in
 * then text), captions of images and videos and action texts, one per line, blank ones left out.
 */
export function plainTextOfBlocks(blocks: readonly MessageBlock[]): string {
  const lines: string[] = [];
  for (const block of blocks) {
    switch (block.type) {
      case 'paragraph':
      case 'action':
        lines.push(block.text);
        break;
      case 'image':
      case 'youtube':
        if (block.text) lines.push(block.text);
        break;
      case 'list':
        for (const item of block.list_items) {
          lines.push([item.bold_text?.trim(), item.text.trim()].filter(Boolean).join(' '));
        }
        break;
    }
  }
  return lines
    .map((line) => line.trim())
    .filter((line) => line !== '')
    .join('\n');
}
