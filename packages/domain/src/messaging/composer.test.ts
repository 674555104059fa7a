import { describe, expect, it } from 'vitest';
import {
  attachmentKind,
  COMPOSER_LINE_HEIGHT,
  COMPOSER_MAX_EXTRA_LINES,
  COMPOSER_MAX_HEIGHT,
  COMPOSER_MIN_HEIGHT,
  type ComposerKey,
  composerHeight,
  createTypingThrottle,
  previewFileName,
  shouldSendOnEnter,
  typingVisibleUntil,
} from './composer';

const key = (over: Partial<ComposerKey> = {}): ComposerKey => ({
  key: 'Enter',
  ctrlKey: false,
  shiftKey: false,
  altKey: false,
  metaKey: false,
  ...over,
});

describe('shouldSendOnEnter (001 §4)', () => {
  it('sends on Enter alone', () => {
    expect(shouldSendOnEnter(key())).toBe(true);
    expect(shouldSendOnEnter(key({ isComposing: false }))).toBe(true);
  });

  it.each(['ctrlKey', 'shiftKey', 'altKey', 'metaKey'] as const)(
    'does not send on Enter with %s',
    (modifier) => {
      expect(shouldSendOnEnter(key({ [modifier]: true }))).toBe(false);
    },
  );

  it('does not send the Enter that ends an IME composition', () => {
    expect(shouldSendOnEnter(key({ isComposing: true }))).toBe(false);
  });

  it('does not send on other keys', () => {
    expect(shouldSendOnEnter(key({ key: 'a' }))).toBe(false);
    expect(shouldSendOnEnter(key({ key: 'Tab' }))).toBe(false);
    expect(shouldSendOnEnter(key({ key: 'NumpadEnter' }))).toBe(false);
  });
});

describe('composerHeight (001 §4)', () => {
  it('has the documented constants', () => {
    expect([COMPOSER_MIN_HEIGHT, COMPOSER_LINE_HEIGHT, COMPOSER_MAX_EXTRA_LINES]).toEqual([40, 24, 7]);
    expect(COMPOSER_MAX_HEIGHT).toBe(208);
  });

  it('never goes below 40 px', () => {
    expect(composerHeight(0)).toBe(40);
    expect(composerHeight(24)).toBe(40);
    expect(composerHeight(40)).toBe(40);
    expect(composerHeight(Number.NaN)).toBe(40);
  });

  it('follows the content in between', () => {
    expect(composerHeight(64)).toBe(64);
    expect(composerHeight(41)).toBe(41);
    expect(composerHeight(207)).toBe(207);
  });

  it('stops at 7 extra lines of 24 px (208 px)', () => {
    expect(composerHeight(208)).toBe(208);
    expect(composerHeight(232)).toBe(208);
    expect(composerHeight(5000)).toBe(208);
    expect(composerHeight(Number.POSITIVE_INFINITY)).toBe(40);
  });
});

describe('previewFileName (001 §4)', () => {
  it('keeps an extension of up to 7 characters whole', () => {
    expect(previewFileName('report.pdf')).toBe('report.pdf');
    expect(previewFileName('scan.ABCDEFG')).toBe('scan.ABCDEFG');
  });

  it('cuts an extension over 7 characters to its first 7 and an ellipsis', () => {
    expect(previewFileName('scan.ABCDEFGH')).toBe('scan.ABCDEFG…');
    expect(previewFileName('notes.verylongextension')).toBe('notes.verylon…');
  });

  it('reads the extension after the last dot', () => {
    expect(previewFileName('my.lab.results.extension1')).toBe('my.lab.results.extensi…');
  });

  it('leaves a name without an extension unchanged', () => {
    expect(previewFileName('README')).toBe('README');
    expect(previewFileName('.bashrc_profile')).toBe('.bashrc_profile');
    expect(previewFileName('trailingdot.')).toBe('trailingdot.');
  });
});

describe('createTypingThrottle (001 §4, §9)', () => {
  it('notifies on the first keystroke, then at most once per 2000 ms', () => {
    let now = 10_000;
    const throttle = createTypingThrottle(() => now);
    expect(throttle.shouldNotify()).toBe(true);
    now += 1;
    expect(throttle.shouldNotify()).toBe(false);
    now = 11_999;
    expect(throttle.shouldNotify()).toBe(false);
    now = 12_000;
    expect(throttle.shouldNotify()).toBe(true);
    now = 13_999;
    expect(throttle.shouldNotify()).toBe(false);
    now = 14_500;
    expect(throttle.shouldNotify()).toBe(true);
  });

  it('keeps a separate interval per throttle', () => {
    const a = createTypingThrottle(() => 0);
    const b = createTypingThrottle(() => 0);
    expect(a.shouldNotify()).toBe(true);
    expect(b.shouldNotify()).toBe(true);
    expect(a.shouldNotify()).toBe(false);
  });
});

describe('typingVisibleUntil (001 §9)', () => {
  it('lasts 8 seconds from receipt', () => {
    expect(typingVisibleUntil(1_000)).toBe(9_000);
    expect(typingVisibleUntil(0)).toBe(8_000);
  });
});

describe('attachmentKind (001 §5, §7)', () => {
  it.each(['photo.jpg', 'PHOTO.JPEG', 'scan.png', 'funny.gif'])('sends %s as private-image', (name) => {
    expect(attachmentKind(name)).toBe('private-image');
  });

  it.each(['results.pdf', 'letter.docx', 'letter.doc'])('sends %s as document', (name) => {
    expect(attachmentKind(name)).toBe('document');
  });
});
