import { ATTACHMENT_EXTENSIONS } from '@portal/domain/constants';
import { MESSAGE_FILES_MAX } from '@portal/domain/contracts/messaging';
import { MESSAGES } from '@portal/domain/messages';
import type { MessageBlock } from '@portal/domain/messaging/blocks';
import {
  COMPOSER_MIN_HEIGHT,
  composerHeight,
  createTypingThrottle,
  previewFileName,
  shouldSendOnEnter,
} from '@portal/domain/messaging/composer';
import { canSendMessage, validateAttachment } from '@portal/domain/validation/uploads';
import { type ChangeEvent, type FormEvent, type KeyboardEvent, useId, useRef, useState } from 'react';
import { sendTypingNotice, useSendCareReply } from '../../../api/care/inbox';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { LinkButtonDialog, ListDialog } from './thread-block-dialogs';
import { QuickRepliesMenu, SaveQuickReplyDialog } from './thread-quick-replies';

/** What a reply is: a message to the patient, an announcement (message_style 2), or a note among the team. */
export type ReplyMode = 'message' | 'announcement' | 'note';

const MODES: readonly { value: ReplyMode; label: string }[] = [
  { value: 'message', label: 'Message' },
  { value: 'announcement', label: 'Send as announcement' },
  { value: 'note', label: 'Internal note' },
];

const SEND_LABEL: Record<ReplyMode, string> = {
  message: 'Send',
  announcement: 'Send announcement',
  note: 'Add internal note',
};

const ACCEPT = ATTACHMENT_EXTENSIONS.map((ext) => `.${ext}`).join(',');

function blockLabel(block: MessageBlock): string {
  if (block.type === 'action') return `Link button: ${block.text}`;
  if (block.type === 'list')
    return `${block.items_type === 'ordered' ? 'Numbered list' : 'List'}: ${block.list_items.length} ${
      block.list_items.length === 1 ? 'item' : 'items'
    }`;
  return 'Block';
}

/**
 * The reply box of a thread. Enter sends and Shift+Enter (or Ctrl, Alt, Meta) makes a new line; the box grows
 * to 7 extra lines (001 §4). A reply may carry files (uploaded, then sent by id), a link button and a list,
 * and go as an announcement or as an internal note. A note stays chosen after it is sent, so a second note is
 * never sent to the patient by mistake; an announcement goes back to a message. The patient hears that the
 * team is typing (at most every 2 s), never while a note is written.
 */
export function ThreadComposer({
  patientId,
  conversationId,
  patientFirstName,
  staffId,
}: {
  patientId: string;
  conversationId: string;
  patientFirstName: string;
  staffId: string;
}) {
  const boxId = useId();
  const hintId = useId();
  const fileId = useId();
  const [text, setText] = useState('');
  const [mode, setMode] = useState<ReplyMode>('message');
  const [files, setFiles] = useState<{ key: number; file: File }[]>([]);
  const fileKey = useRef(0);
  const [blocks, setBlocks] = useState<MessageBlock[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<'link' | 'list' | 'save' | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const box = useRef<HTMLTextAreaElement>(null);
  const throttle = useRef(createTypingThrottle(() => Date.now()));
  const send = useSendCareReply(patientId, conversationId);

  const ready = canSendMessage({
    text,
    hasFile: files.length > 0 || blocks.length > 0,
    sending: send.isPending,
  });

  function resize() {
    const el = box.current;
    if (el) {
      el.style.height = 'auto';
      el.style.height = `${composerHeight(el.scrollHeight || COMPOSER_MIN_HEIGHT)}px`;
    }
  }

  function onChange(event: ChangeEvent<HTMLTextAreaElement>) {
    setText(event.target.value);
    setNotice(null);
    resize();
    if (mode !== 'note' && event.target.value.trim() && throttle.current.shouldNotify()) {
      sendTypingNotice(patientId, conversationId, staffId).catch(() => undefined);
    }
  }

  /** Puts a quick reply at the caret (or in place of the selection), then gives the box focus. */
  function insert(snippet: string) {
    const el = box.current;
    const start = el?.selectionStart ?? text.length;
    const end = el?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + snippet + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      if (!box.current) return;
      box.current.focus();
      const caret = start + snippet.length;
      box.current.setSelectionRange(caret, caret);
      resize();
    });
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!ready) return;
    setNotice(null);
    const trimmed = text.trim();
    const content = blocks.length
      ? { blocks: [...(trimmed ? [{ type: 'paragraph' as const, text: trimmed }] : []), ...blocks] }
      : trimmed
        ? { text: trimmed }
        : {};
    send.mutate(
      {
        ...content,
        ...(mode === 'announcement' ? { message_style: 2 as const } : {}),
        ...(mode === 'note' ? { internal_message: true } : {}),
        files: files.map((f) => f.file),
      },
      {
        onSuccess: () => {
          setText('');
          setFiles([]);
          setBlocks([]);
          setFileError(null);
          if (mode === 'announcement') setMode('message');
          setNotice(mode === 'note' ? 'Internal note added.' : 'Sent.');
          requestAnimationFrame(() => {
            resize();
            box.current?.focus();
          });
        },
      },
    );
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    const { key, ctrlKey, shiftKey, altKey, metaKey } = event;
    if (
      shouldSendOnEnter({
        key,
        ctrlKey,
        shiftKey,
        altKey,
        metaKey,
        isComposing: event.nativeEvent.isComposing,
      })
    ) {
      event.preventDefault();
      submit();
    }
  }

  function onFiles(event: ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    event.target.value = '';
    const refused = chosen.map((file) => validateAttachment(file)).find(Boolean);
    if (refused) {
      setFileError(refused);
      return;
    }
    if (files.length + chosen.length > MESSAGE_FILES_MAX) {
      setFileError(`A message carries at most ${MESSAGE_FILES_MAX} files.`);
      return;
    }
    setFileError(null);
    setFiles((current) => [...current, ...chosen.map((file) => ({ key: ++fileKey.current, file }))]);
  }

  const note = mode === 'note';
  // the dialogs stand outside the form: a portal's submit would otherwise bubble to the reply's form
  return (
    <>
      <form className={`inbox-composer${note ? ' inbox-composer--note' : ''}`} noValidate onSubmit={submit}>
        <fieldset className="inbox-composer__modes">
          <legend className="inbox-composer__legend">Reply as</legend>
          {MODES.map((option) => (
            <label key={option.value} className="inbox-composer__mode">
              <input
                type="radio"
                name={`${boxId}-mode`}
                value={option.value}
                checked={mode === option.value}
                onChange={() => setMode(option.value)}
              />
              <span>{option.label}</span>
            </label>
          ))}
        </fieldset>

        <label className="inbox-composer__label" htmlFor={boxId}>
          {note ? 'Internal note for the care team' : `Reply to ${patientFirstName || 'the patient'}`}
        </label>
        <p className="inbox-composer__hint" id={hintId}>
          {note
            ? 'Only the care team sees notes. Enter adds the note, Shift+Enter starts a new line.'
            : 'Enter sends, Shift+Enter starts a new line.'}
        </p>
        <textarea
          ref={box}
          id={boxId}
          className="ui-input ui-textarea inbox-composer__box"
          placeholder="Type your message..."
          value={text}
          rows={1}
          aria-describedby={hintId}
          onChange={onChange}
          onKeyDown={onKeyDown}
          maxLength={10_000}
        />

        {files.length || blocks.length ? (
          <ul className="inbox-composer__extras" aria-label="Added to the reply">
            {files.map(({ key, file }) => (
              <li key={key} className="inbox-composer__chip">
                <span>{previewFileName(file.name)}</span>
                <button
                  type="button"
                  className="inbox-composer__remove"
                  aria-label={`Remove ${file.name}`}
                  onClick={() => setFiles((list) => list.filter((f) => f.key !== key))}
                >
                  ×
                </button>
              </li>
            ))}
            {blocks.map((block, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: blocks are only added at the end or removed
              <li key={index} className="inbox-composer__chip">
                <span>{blockLabel(block)}</span>
                <button
                  type="button"
                  className="inbox-composer__remove"
                  aria-label={`Remove ${blockLabel(block)}`}
                  onClick={() => setBlocks((list) => list.filter((_, i) => i !== index))}
                >
                  ×
                </button>
              </li>
            ))}
          </ul>
        ) : null}

        {fileError ? <Alert tone="error">{fileError}</Alert> : null}
        {send.isError ? <Alert tone="error">{MESSAGES.messageSendFailure}</Alert> : null}
        <p className="ui-visually-hidden" role="status">
          {notice}
        </p>

        <div className="inbox-composer__tools">
          <span className="inbox-composer__attach">
            <input
              id={fileId}
              type="file"
              className="ui-visually-hidden inbox-composer__file"
              accept={ACCEPT}
              multiple
              onChange={onFiles}
            />
            <label htmlFor={fileId} className="ui-button ui-button--secondary ui-button--sm">
              Attach a file
            </label>
          </span>
          <QuickRepliesMenu onInsert={insert} />
          <Button variant="secondary" size="sm" onClick={() => setDialog('save')}>
            Save as quick reply
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDialog('link')}>
            Add link button
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setDialog('list')}>
            Add a list
          </Button>
          <Button
            type="submit"
            className="inbox-composer__send"
            loading={send.isPending}
            disabled={!ready && !send.isPending}
          >
            {SEND_LABEL[mode]}
          </Button>
        </div>
      </form>

      <LinkButtonDialog
        open={dialog === 'link'}
        onClose={() => setDialog(null)}
        onAdd={(block) => setBlocks((list) => [...list, block])}
      />
      <ListDialog
        open={dialog === 'list'}
        onClose={() => setDialog(null)}
        onAdd={(block) => setBlocks((list) => [...list, block])}
      />
      {dialog === 'save' ? (
        <SaveQuickReplyDialog
          open
          initialText={text}
          onClose={() => setDialog(null)}
          onSaved={(title) => {
            setDialog(null);
            setNotice(`Saved the quick reply ${title}.`);
          }}
        />
      ) : null}
    </>
  );
}
