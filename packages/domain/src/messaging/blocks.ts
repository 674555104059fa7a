import { z } from 'zod';
import { safeImageUrl, safeLinkUrl, YOUTUBE_ID } from './block-links';

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
