import type { Message, MessageFile } from '@portal/domain/contracts/messaging';
import { safeImageUrl, safeLinkUrl, youtubeEmbedUrl, youtubeId } from '@portal/domain/messaging/block-links';
import type { MessageBlock } from '@portal/domain/messaging/blocks';
import { messageTime } from '@portal/domain/messaging/format';
import { useState } from 'react';
import { fetchMessageFile } from '../../../api/care/inbox';
import { useAuthorizedImage } from '../../../components/camera/use-authorized-image';
import { NewTabNote } from '../../../components/ui/hidden-suffix';
import { saveFile } from '../../../lib/save-file';

/** Files and images stored by the portal are served only with the staff member's token. */
const isPrivate = (url: string) => url.startsWith('/v2/media/') || url.startsWith('/media/');

function PrivateImage({ url, alt }: { url: string; alt: string }) {
  const image = useAuthorizedImage(url);
  if (image.src) return <img className="inbox-msg__image" src={image.src} alt={alt} />;
  return (
    <span className="inbox-msg__file-state">
      {image.failed ? `${alt}: could not be loaded` : 'Loading image…'}
    </span>
  );
}

function BlockImage({ url, alt }: { url: string; alt: string }) {
  const safe = safeImageUrl(url);
  if (!safe) return null;
  if (isPrivate(safe)) return <PrivateImage url={safe} alt={alt} />;
  return (
    <img className="inbox-msg__image" src={safe} alt={alt} loading="lazy" referrerPolicy="no-referrer" />
  );
}

/** One block of a message (001 §2 "Message blocks"), rendered inert: unsafe links become plain text. */
function Block({ block }: { block: MessageBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p className="inbox-msg__text">{block.text}</p>;
    case 'image':
      return (
        <figure className="inbox-msg__figure">
          <BlockImage url={block.url} alt={block.text || 'Image'} />
          {block.text ? <figcaption>{block.text}</figcaption> : null}
        </figure>
      );
    case 'youtube': {
      const id = youtubeId(block.youtube_id);
      if (!id) return block.text ? <p className="inbox-msg__text">{block.text}</p> : null;
      return (
        <figure className="inbox-msg__figure">
          <iframe
            className="inbox-msg__video"
            src={youtubeEmbedUrl(id)}
            title={block.text ? `Video: ${block.text}` : 'Video'}
            loading="lazy"
            allow="encrypted-media; picture-in-picture"
            allowFullScreen
          />
          {block.text ? <figcaption>{block.text}</figcaption> : null}
        </figure>
      );
    }
    case 'list': {
      const items = block.list_items.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's items never move
        <li key={index}>
          {item.bold_text ? <strong>{item.bold_text} </strong> : null}
          {item.text}
        </li>
      ));
      return block.items_type === 'ordered' ? (
        <ol className="inbox-msg__list">{items}</ol>
      ) : (
        <ul className="inbox-msg__list">{items}</ul>
      );
    }
    case 'action': {
      const href = safeLinkUrl(block.linkUrl);
      if (!href) return <p className="inbox-msg__text">{block.text}</p>;
      const external = /^https?:/i.test(href);
      return (
        <p>
          <a
            className="inbox-msg__action"
            href={href}
            {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          >
            {block.text}
            {external ? <NewTabNote /> : null}
          </a>
        </p>
      );
    }
  }
}

function DocumentFile({ url, name }: { url: string; name: string }) {
  const [state, setState] = useState<'idle' | 'loading' | 'failed'>('idle');
  return (
    <span className="inbox-msg__doc">
      <button
        type="button"
        className="ui-link inbox-msg__doc-link"
        aria-busy={state === 'loading' || undefined}
        onClick={() => {
          setState('loading');
          fetchMessageFile(url).then(
            (blob) => {
              saveFile(blob, name);
              setState('idle');
            },
            () => setState('failed'),
          );
        }}
      >
        Download {name}
      </button>
      {state === 'failed' ? (
        <span className="inbox-msg__file-state"> The file could not be downloaded.</span>
      ) : null}
    </span>
  );
}

function Files({ files, attachments }: { files: readonly MessageFile[]; attachments: readonly string[] }) {
  if (files.length === 0 && attachments.length === 0) return null;
  return (
    <ul className="inbox-msg__files" aria-label="Files">
      {files.length
        ? files.map((file) => (
            <li key={file._id}>
              {file.kind === 'private-image' ? (
                <PrivateImage url={file.url} alt={file.name} />
              ) : (
                <DocumentFile url={file.url} name={file.name} />
              )}
            </li>
          ))
        : attachments.map((url, index) => (
            <li key={url}>
              <DocumentFile url={url} name={`Attachment ${index + 1}`} />
            </li>
          ))}
    </ul>
  );
}

/**
 * One message of the thread: the patient's on the left, the team's on the right with its author's name;
 * announcements and internal notes carry a label (not only a colour), notes saying the patient never sees them.
 */
export function ThreadMessage({ message, seen }: { message: Message; seen: boolean }) {
  const team = message.author.is_admin;
  const kind = message.internal_message ? 'note' : message.message_style === 2 ? 'announcement' : 'chat';
  const author = message.author.display_name || message.author.first_name || (team ? 'Care team' : 'Patient');
  return (
    <li className={`inbox-msg inbox-msg--${team ? 'team' : 'patient'} inbox-msg--${kind}`}>
      <div className="inbox-msg__bubble">
        <p className="inbox-msg__meta">
          <span className="inbox-msg__author">{author}</span>
          {kind === 'note' ? (
            <span className="inbox-msg__label inbox-msg__label--note">
              Internal note · not seen by the patient
            </span>
          ) : kind === 'announcement' ? (
            <span className="inbox-msg__label inbox-msg__label--announcement">Announcement</span>
          ) : null}
          <time className="inbox-msg__time" dateTime={message.created_at}>
            {messageTime(new Date(message.created_at))}
          </time>
        </p>
        {message.blocks.map((block, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a sent message's blocks never move
          <Block key={index} block={block} />
        ))}
        <Files files={message.files} attachments={message.attachments} />
      </div>
      {seen ? <p className="inbox-msg__seen">Seen by the patient</p> : null}
    </li>
  );
}
