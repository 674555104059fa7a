import { TYPING_INDICATOR_MS, TYPING_NOTICE_THROTTLE_MS } from '../constants';
import { fileExtension, isImageAttachment } from '../validation/uploads';

/** The keyboard event fields the send-on-Enter rule reads. */
export interface ComposerKey {
  key: string;
  ctrlKey: boolean;
  shiftKey: boolean;
  altKey: boolean;
  metaKey: boolean;
  /** True while an input method (Japanese, Chinese...) is composing: its Enter confirms the word. */
  isComposing?: boolean;
}

/**
 * True when the key sends the message: Enter alone (001 §4). Enter with Ctrl, Shift, Alt or Meta does not
 * (a new line instead), nor the Enter that ends an IME composition, which would otherwise send half a word.
 */
export function shouldSendOnEnter(e: ComposerKey): boolean {
  return e.key === 'Enter' && !e.ctrlKey && !e.shiftKey && !e.altKey && !e.metaKey && !e.isComposing;
}

/** Smallest height of the text box in px (001 §4). */
export const COMPOSER_MIN_HEIGHT = 40;
/** Height of one line of the text box in px (001 §4). */
export const COMPOSER_LINE_HEIGHT = 24;
/** Lines the text box grows by before it scrolls (001 §4). */
export const COMPOSER_MAX_EXTRA_LINES = 7;
/** Largest height of the text box: 40 + 7 × 24 = 208 px. */
export const COMPOSER_MAX_HEIGHT = COMPOSER_MIN_HEIGHT + COMPOSER_MAX_EXTRA_LINES * COMPOSER_LINE_HEIGHT;

/** The text box's height for its content's scrollHeight: from 40 px up to 7 extra lines of 24 px (001 §4); a reading that is not a finite number (no layout yet) gives 40. */
export function composerHeight(scrollHeight: number): number {
  if (!Number.isFinite(scrollHeight)) return COMPOSER_MIN_HEIGHT;
  return Math.min(COMPOSER_MAX_HEIGHT, Math.max(COMPOSER_MIN_HEIGHT, scrollHeight));
}

/** Longest extension shown whole in the file preview (001 §4). */
export const PREVIEW_EXTENSION_MAX = 7;

/**
 * The file name of the preview: an extension over 7 characters keeps its first 7 followed by '…' (001 §4),
 * so the name's end stays readable. A name without an extension is unchanged; the extension keeps its case.
 */
export function previewFileName(name: string): string {
  const extensionLength = fileExtension(name).length;
  if (extensionLength <= PREVIEW_EXTENSION_MAX) return name;
  const extensionStart = name.length - extensionLength;
  return `${name.slice(0, extensionStart + PREVIEW_EXTENSION_MAX)}…`;
}

/** Says when a typing notice may go out. */
export interface TypingThrottle {
  /** True at most once per 2000 ms (001 §9); a true answer starts the next interval. */
  shouldNotify(): boolean;
}

/**
 * A throttle for typing notices: the first keystroke notifies, the next ones only once 2000 ms have passed
 * since the last notice (001 §4), so a fast typist does not flood the care team's channel. `now` gives
 * milliseconds (Date.now in production, a fake clock in tests).
 */
export function createTypingThrottle(now: () => number): TypingThrottle {
  let lastNotice = Number.NEGATIVE_INFINITY;
  return {
    shouldNotify() {
      const at = now();
      if (at - lastNotice < TYPING_NOTICE_THROTTLE_MS) return false;
      lastNotice = at;
      return true;
    },
  };
}

/** When a typing indicator received at `receivedAt` (ms) disappears unless renewed: 8 seconds later (001 §9). */
export function typingVisibleUntil(receivedAt: number): number {
  return receivedAt + TYPING_INDICATOR_MS;
}

/** The mediaType of the send call (001 §7): an image name (001 §5) is a private-image, anything else a document. */
export function attachmentKind(name: string): 'private-image' | 'document' {
  return isImageAttachment(name) ? 'private-image' : 'document';
}
