import { externalUrl } from '../dashboard/widgets';

// What a message block may link to, embed or show, apart from the blocks' schemas: the patient's Messages
// page renders blocks with these and loads no schema library for it.

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
export const YOUTUBE_ID = new RegExp(`^${ID}$`);
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
