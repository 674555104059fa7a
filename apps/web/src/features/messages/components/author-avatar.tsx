import type { MessageAuthor } from '@portal/domain/contracts/messaging';
import { initialsOf } from '../lib/merge-messages';
import { MessageImage } from './private-image';

/** The care-team author's photo (avatar.square_25), or their initials; decorative, since the name is beside it. */
export function AuthorAvatar({ author }: { author: MessageAuthor }) {
  const letters = initialsOf(author.display_name || author.first_name) || '?';
  const url = author.avatar?.square_25;
  return (
    <span className="messages-avatar" aria-hidden="true">
      {url ? (
        <MessageImage
          url={url}
          alt=""
          className="messages-avatar__image"
          fallback={<span className="messages-avatar__initials">{letters}</span>}
        />
      ) : (
        <span className="messages-avatar__initials">{letters}</span>
      )}
    </span>
  );
}
