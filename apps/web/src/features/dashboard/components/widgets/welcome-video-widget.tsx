import { externalUrl } from '@portal/domain/dashboard/widgets';
import { useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { brandName, useBrand } from '../../../../lib/brand';
import { WidgetCard } from '../widget-card';

/** What the introduction covers; also the captions text when the brand has no video of its own. */
const INTRODUCTION = [
  'Your physician reviews your visit, your history and your labs before prescribing anything.',
  'Your treatments ship to your door, and your protocol is adjusted as your results come in.',
  'Your care team is one message away whenever you have a question.',
];

/** A same-site path or a web address the brand configured for its introduction video, else null. */
function videoSource(settings: unknown): string | null {
  const value = (settings as { welcome_video_url?: unknown } | undefined)?.welcome_video_url;
  if (typeof value !== 'string' || value === '') return null;
  if (value.startsWith('/') && !value.startsWith('//')) return value;
  return externalUrl(value);
}

/**
 * Welcome video (001 §2): a welcome headline opening the introductory video. The brand's video plays when
 * one is configured (organization settings welcome_video_url); otherwise the brand's poster with the
 * introduction as text, so nothing depends on an external player.
 */
export function WelcomeVideoWidget({ wide }: { wide: boolean }) {
  const { organization } = useBrand();
  const [open, setOpen] = useState(false);
  const name = brandName(organization);
  const source = videoSource(organization?.settings);
  const poster = organization?.settings?.login?.image_v3 || undefined;
  return (
    <WidgetCard
      title={`Welcome to ${name}`}
      eyebrow="Start here"
      tone="brand"
      wide={wide}
      actions={
        <Button variant="secondary" onClick={() => setOpen(true)}>
          Watch the introduction
        </Button>
      }
    >
      <p>See how your care works, from your first visit to your personalised protocol.</p>
      <Modal open={open} onClose={() => setOpen(false)} title={`Welcome to ${name}`}>
        <div className="welcome-video">
          {source ? (
            // biome-ignore lint/a11y/useMediaCaption: the brand's own video; its transcript is printed below
            <video
              className="welcome-video__player"
              src={source}
              poster={poster}
              controls
              playsInline
              preload="metadata"
              aria-label={`Introduction to ${name}`}
            />
          ) : (
            <figure className="welcome-video__poster" aria-label={`Introduction to ${name}`}>
              {poster ? <img src={poster} alt="" /> : null}
              <figcaption className="welcome-video__caption">How your care works</figcaption>
            </figure>
          )}
          <ol className="welcome-video__transcript" aria-label="Introduction">
            {INTRODUCTION.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ol>
        </div>
      </Modal>
    </WidgetCard>
  );
}
