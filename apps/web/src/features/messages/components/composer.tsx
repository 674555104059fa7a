import { MESSAGES } from '@portal/domain/messages';
import { composerHeight, previewFileName, shouldSendOnEnter } from '@portal/domain/messaging/composer';
import { canSendMessage, isImageAttachment } from '@portal/domain/validation/uploads';
import {
  type FormEvent,
  type KeyboardEvent,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { UploadInstructionsModal } from './upload-instructions-modal';

/** A send that failed, or a file refused before sending; `reason` says why when it is not the send itself. */
export interface SendFailure {
  reason?: string;
}

interface ComposerProps {
  text: string;
  onTextChange: (text: string) => void;
  file: File | null;
  /** A file the patient chose or dropped; the page checks it. */
  onChooseFile: (file: File) => void;
  onRemoveFile: () => void;
  onSend: () => void;
  sending: boolean;
  /** No conversation to write to (it could not be loaded). */
  disabled?: boolean;
  failure: SendFailure | null;
  onDismissFailure: () => void;
}

/** A small preview of a chosen image, from memory. */
function ImageThumb({ file }: { file: File }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    if (typeof URL.createObjectURL !== 'function') return;
    const url = URL.createObjectURL(file);
    setSrc(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  return src ? <img className="messages-preview__thumb" src={src} alt="" /> : null;
}

/**
 * The message box (001 §2, §4): 'Type your message...', growing from 40 px by up to 7 lines of 24 px; Enter
 * sends, Enter with Ctrl, Shift, Alt or Meta does not; Send needs text or a file and waits for a send in
 * progress; the attachment button opens the upload instructions with the file chooser; the chosen file shows
 * with its name (a long extension cut) and a remove button.
 */
export function Composer({
  text,
  onTextChange,
  file,
  onChooseFile,
  onRemoveFile,
  onSend,
  sending,
  disabled = false,
  failure,
  onDismissFailure,
}: ComposerProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const [instructionsOpen, setInstructionsOpen] = useState(false);
  const textId = useId();
  const canSend = !disabled && canSendMessage({ text, hasFile: file !== null, sending });

  // biome-ignore lint/correctness/useExhaustiveDependencies: measures the box again whenever its text changes
  useLayoutEffect(() => {
    const el = textarea.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${composerHeight(el.scrollHeight)}px`;
  }, [text]);

  const send = () => {
    if (!canSend) return;
    onSend();
    textarea.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    const key = {
      key: event.key,
      ctrlKey: event.ctrlKey,
      shiftKey: event.shiftKey,
      altKey: event.altKey,
      metaKey: event.metaKey,
      isComposing: event.nativeEvent.isComposing,
    };
    if (!shouldSendOnEnter(key)) return;
    event.preventDefault();
    send();
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send();
  };

  return (
    <form className="messages-composer" onSubmit={onSubmit} aria-label="Send a message">
      {failure ? (
        <Alert tone="error" onClose={onDismissFailure} className="messages-composer__alert">
          <p>{MESSAGES.messageSendFailure}</p>
          {failure.reason ? <p>{failure.reason}</p> : null}
        </Alert>
      ) : null}
      {file ? (
        <div className="messages-preview">
          {isImageAttachment(file.name) ? (
            <ImageThumb file={file} />
          ) : (
            <svg
              viewBox="0 0 24 24"
              width="20"
              height="20"
              aria-hidden="true"
              className="messages-preview__icon"
            >
              <path
                d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8l-5-5Zm0 0v5h5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinejoin="round"
              />
            </svg>
          )}
          <span className="messages-preview__name" title={file.name}>
            <span className="ui-visually-hidden">Attached file: </span>
            {previewFileName(file.name)}
          </span>
          <button
            type="button"
            className="messages-icon-button messages-preview__remove"
            aria-label={`Remove ${file.name}`}
            onClick={() => {
              onRemoveFile();
              textarea.current?.focus();
            }}
          >
            <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </button>
        </div>
      ) : null}
      <div className="messages-composer__row">
        <button
          type="button"
          className="messages-icon-button messages-composer__attach"
          aria-label="Attach a file"
          aria-haspopup="dialog"
          disabled={disabled}
          onClick={() => setInstructionsOpen(true)}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <path
              d="m21 11-8.6 8.6a5.5 5.5 0 0 1-7.8-7.8l8.6-8.6a3.7 3.7 0 0 1 5.2 5.2l-8.6 8.6a1.8 1.8 0 0 1-2.6-2.6L15 6.5"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            />
          </svg>
        </button>
        <label className="ui-visually-hidden" htmlFor={textId}>
          Message to your care team
        </label>
        <textarea
          ref={textarea}
          id={textId}
          className="messages-composer__input"
          rows={1}
          placeholder="Type your message..."
          value={text}
          disabled={disabled}
          onChange={(event) => onTextChange(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <Button type="submit" className="messages-composer__send" disabled={!canSend} loading={sending}>
          Send
        </Button>
      </div>
      <UploadInstructionsModal
        open={instructionsOpen}
        onClose={() => setInstructionsOpen(false)}
        onChoose={(chosen) => {
          setInstructionsOpen(false);
          onChooseFile(chosen);
        }}
      />
    </form>
  );
}
