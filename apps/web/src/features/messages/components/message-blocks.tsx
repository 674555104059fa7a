import { safeImageUrl, safeLinkUrl, youtubeEmbedUrl, youtubeId } from '@portal/domain/messaging/block-links';
import type { MessageBlock } from '@portal/domain/messaging/blocks';
import { Link } from 'react-router';
import { buttonClassName } from '../../../components/ui/button';
import { NewTabNote } from '../../../components/ui/hidden-suffix';
import { MessageImage } from './private-image';

const actionClass = buttonClassName({ variant: 'secondary', size: 'sm', className: 'messages-action' });

/**
 * An action block (001 §2): a link button, only to an address safeLinkUrl accepts. A path of the portal
 * navigates inside it, a web address opens in a new tab without access to this page, mailto: and tel: open
 * their app; anything else shows its text, inert.
 */
function ActionBlock({ text, linkUrl }: { text: string; linkUrl: string }) {
  const href = safeLinkUrl(linkUrl);
  if (!href) return <p className="messages-action messages-action--inert">{text}</p>;
  if (href.startsWith('/'))
    return (
      <Link className={actionClass} to={href}>
        {text}
      </Link>
    );
  if (/^https?:/i.test(href))
    return (
      <a className={actionClass} href={href} target="_blank" rel="noopener noreferrer">
        {text}
        <NewTabNote />
      </a>
    );
  return (
    <a className={actionClass} href={href}>
      {text}
    </a>
  );
}

function Block({ block }: { block: MessageBlock }) {
  switch (block.type) {
    case 'paragraph':
      return <p className="messages-paragraph">{block.text}</p>;
    case 'image': {
      const url = safeImageUrl(block.url);
      if (!url) return block.text ? <p className="messages-paragraph">{block.text}</p> : null;
      return (
        <figure className="messages-figure">
          <MessageImage
            url={url}
            alt={block.text || 'Image from your care team'}
            className="messages-image"
            fallback={
              url.startsWith('/') ? (
                <p className="messages-paragraph">The image could not be shown.</p>
              ) : (
                <a href={url} target="_blank" rel="noopener noreferrer">
                  View the image
                  <NewTabNote />
                </a>
              )
            }
          />
          {block.text ? <figcaption className="messages-caption">{block.text}</figcaption> : null}
        </figure>
      );
    }
    case 'youtube': {
      const id = youtubeId(block.youtube_id);
      if (!id) return block.text ? <p className="messages-paragraph">{block.text}</p> : null;
      return (
        <figure className="messages-figure">
          <div className="messages-video">
            <iframe
              src={youtubeEmbedUrl(id)}
              title={block.text ? `Video: ${block.text}` : 'YouTube video'}
              loading="lazy"
              referrerPolicy="strict-origin-when-cross-origin"
              sandbox="allow-scripts allow-same-origin allow-presentation allow-popups"
              allow="encrypted-media; picture-in-picture; fullscreen"
              allowFullScreen
            />
          </div>
          <figcaption className="messages-caption">
            {block.text ? <span>{block.text} · </span> : null}
            <a href={`https://www.youtube.com/watch?v=${id}`} target="_blank" rel="noopener noreferrer">
              Watch on YouTube
              <NewTabNote />
            </a>
          </figcaption>
        </figure>
      );
    }
    case 'list': {
      const items = block.list_items.map((item, index) => (
        // a list's items have no id and never move
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <li key={index}>
          {item.bold_text ? <strong>{item.bold_text}</strong> : null}
          {item.bold_text && item.text ? ' ' : null}
          {item.text}
        </li>
      ));
      return block.items_type === 'ordered' ? (
        <ol className="messages-list">{items}</ol>
      ) : (
        <ul className="messages-list">{items}</ul>
      );
    }
    case 'action':
      return <ActionBlock text={block.text} linkUrl={block.linkUrl} />;
    default:
      return null;
  }
}

/**
 * A message's blocks (001 §2): paragraph, image, youtube (on YouTube's privacy-enhanced domain), list and
 * action. Every text is React text, never markup, so whatever a sender wrote renders inert.
 */
export function MessageBlocks({ blocks }: { blocks: readonly MessageBlock[] }) {
  return (
    <div className="messages-blocks">
      {blocks.map((block, index) => (
        // blocks of a sent message never change order
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Block key={index} block={block} />
      ))}
    </div>
  );
}
