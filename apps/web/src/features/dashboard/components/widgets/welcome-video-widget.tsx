import { welcomeVideo } from '@portal/domain/branding/brand-content';
import { useRef, useState } from 'react';
import { Button } from '../../../../components/ui/button';
import { Modal } from '../../../../components/ui/modal';
import { brandName, useBrand } from '../../../../lib/brand';
import { WidgetCard } from '../widget-card';

/**
 * Welcome video (001 §2): a welcome headline opening the clinic's introductory video (settings welcome.video)
 * in a dialog, with its captions on by default. The player exists only while the dialog is open and preloads
 * nothing, so the dashboard fetches no video until asked; closing pauses it. A clinic without a video (or
 * without its captions) gets the headline alone: no button that opens nothing.
 */
export function WelcomeVideoWidget({ wide }: { wide: boolean }) {
  const { organization } = useBrand();
  const [open, setOpen] = useState(false);
  const player = useRef<HTMLVideoElement>(null);
  const name = brandName(organization);
  const video = welcomeVideo(organization?.settings);
  const close = () => {
    player.current?.pause();
    setOpen(false);
  };
  return (
    <WidgetCard
      title={`Welcome to ${name}`}
      eyebrow="Start here"
      tone="brand"
      wide={wide}
      actions={
        video ? (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Watch the introduction
          </Button>
        ) : undefined
      }
    >
      <p>See how your care works, from your first visit to your personalised protocol.</p>
      {video ? (
        <Modal
          open={open}
          onClose={close}
          title={`Welcome to ${name}`}
          actions={
            <Button variant="secondary" onClick={close}>
              Close
            </Button>
          }
        >
          <div className="welcome-video">
            <video
              ref={player}
              className="welcome-video__player"
              src={video.url}
              poster={video.poster ?? undefined}
              controls
              playsInline
              preload="none"
              // in the dialog's Tab cycle (its trap counts focusable elements by selector)
              tabIndex={0}
              aria-label={`Introduction to ${name}`}
            >
              <track kind="captions" src={video.captionsUrl} srcLang="en" label="English" default />
            </video>
          </div>
        </Modal>
      ) : null}
    </WidgetCard>
  );
}
