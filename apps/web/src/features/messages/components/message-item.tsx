import type { Message } from '@portal/domain/contracts/messaging';
import { MESSAGES } from '@portal/domain/messages';
import { previewFileName } from '@portal/domain/messaging/composer';
import { messageTime } from '@portal/domain/messaging/format';
import { useId } from 'react';
import { AuthorAvatar } from './author-avatar';
import { MessageBlocks } from './message-blocks';
import { MessageFiles } from './message-files';

/** A message this page is sending, or failed to send with its file. */
export interface PendingMessage {
  id: string;
  text: string;
  file: File | null;
  status: 'sending' | 'failed';
}

function Time({ at }: { at: string }) {
  return <time dateTime={at}>{messageTime(new Date(at))}</time>;
}

interface MessageItemProps {
  message: Message;
  own: boolean;
  /** 'Seen' or 'Delivered', under the patient's latest message only. */
  receipt?: 'Seen' | 'Delivered' | null;
}

/**
 * One message (001 §2): the patient's on the right as 'You'; the care team's on the left with name and avatar;
 * announcements (message_style 2) set apart across the conversation.
 */
export function MessageItem({ message, own, receipt }: MessageItemProps) {
  const name = message.author.display_name || message.author.first_name;
  if (message.message_style === 2) {
    return (
      <li className="messages-item messages-item--announcement">
        <div className="messages-announcement">
          <p className="messages-announcement__label">
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                d="M3 11v2a1 1 0 0 0 1 1h2l5 4V6L6 10H4a1 1 0 0 0-1 1Zm12-3a5 5 0 0 1 0 8m3-11a9 9 0 0 1 0 14"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              />
            </svg>
            Announcement
          </p>
          <p className="messages-meta">
            <span className="messages-author">{name}</span> <Time at={message.created_at} />
          </p>
          <MessageBlocks blocks={message.blocks} />
          <MessageFiles files={message.files} />
        </div>
      </li>
    );
  }
  return (
    <li className={`messages-item ${own ? 'messages-item--own' : 'messages-item--team'}`}>
      {own ? null : <AuthorAvatar author={message.author} />}
      <div className="messages-item__body">
        <p className="messages-meta">
          <span className="messages-author">{own ? 'You' : name}</span> <Time at={message.created_at} />
        </p>
        <div className="messages-bubble">
          <MessageBlocks blocks={message.blocks} />
          <MessageFiles files={message.files} />
        </div>
        {receipt ? <p className="messages-receipt">{receipt}</p> : null}
      </div>
    </li>
  );
}

/**
 * A message on its way, or one whose file failed to send (001 §8): the tooltip 'There was an error sending
 * your file' with Try Again, which clears the file (its text goes back to the message box).
 */
export function PendingItem({ pending, onTryAgain }: { pending: PendingMessage; onTryAgain: () => void }) {
  const tipId = useId();
  const failed = pending.status === 'failed';
  return (
    <li className="messages-item messages-item--own messages-item--pending">
      <div className="messages-item__body">
        <p className="messages-meta">
          <span className="messages-author">You</span>
        </p>
        <div className="messages-bubble">
          {pending.text ? <p className="messages-paragraph">{pending.text}</p> : null}
          {pending.file ? (
            <span
              className={`messages-file messages-file--pending${failed ? ' is-failed' : ''}`}
              aria-describedby={failed ? tipId : undefined}
            >
              {failed ? (
                <svg
                  viewBox="0 0 24 24"
                  width="18"
                  height="18"
                  aria-hidden="true"
                  className="messages-file__icon"
                >
                  <path
                    d="M12 8v5m0 3h.01M22 12a10 10 0 1 1-20 0 10 10 0 0 1 20 0Z"
                    fill="none"
                    stroke="currentColor"
                    strokeWidth="2"
                    strokeLinecap="round"
                  />
                </svg>
              ) : null}
              <span className="messages-file__name">{previewFileName(pending.file.name)}</span>
            </span>
          ) : null}
        </div>
        {failed ? (
          <div className="messages-tooltip" id={tipId}>
            <span>{MESSAGES.fileSendError}</span>
            <button type="button" className="ui-link messages-tooltip__action" onClick={onTryAgain}>
              {MESSAGES.tryAgain}
            </button>
          </div>
        ) : (
          <p className="messages-receipt">Sending…</p>
        )}
      </div>
    </li>
  );
}
