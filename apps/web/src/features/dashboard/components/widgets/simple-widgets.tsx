import { Link } from 'react-router';
import { Button, buttonClassName } from '../../../../components/ui/button';
import { seg } from '../../../../lib/api-client';
import { WidgetCard } from '../widget-card';

/** Labs shop (001 §2): the lab tests of the shop. */
export function LabsShopWidget({ wide }: { wide: boolean }) {
  return (
    <WidgetCard
      title="Shop Lab Tests"
      eyebrow="Labs"
      wide={wide}
      actions={
        <Link className={buttonClassName({ variant: 'secondary' })} to="/shop?type=lab">
          Browse Lab Tests
        </Link>
      }
    >
      <p>At-home and in-lab panels to measure the markers that matter for healthy ageing.</p>
    </WidgetCard>
  );
}

/** Customize protocol (001 §2): opens the Customize Protocol panel. */
export function CustomizeProtocolWidget({ wide, onOpen }: { wide: boolean; onOpen: () => void }) {
  return (
    <WidgetCard
      title="Customize Your Protocol"
      eyebrow="Your treatment"
      wide={wide}
      actions={
        <Button variant="secondary" onClick={onOpen}>
          Customize Protocol
        </Button>
      }
    >
      <p>Ask your physician to raise or lower your dosage, or tell us about anything else you'd change.</p>
    </WidgetCard>
  );
}

/** Community (001 §2): the brand's community site, in a new tab. */
export function CommunityWidget({ url, wide }: { url: string; wide: boolean }) {
  return (
    <WidgetCard
      title="Join the Community"
      eyebrow="Community"
      wide={wide}
      actions={
        <a
          className={buttonClassName({ variant: 'secondary' })}
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label="Visit Community (opens in a new tab)"
        >
          Visit Community
        </a>
      }
    >
      <p>Connect with other members, share your progress and learn from experts.</p>
    </WidgetCard>
  );
}

/** Message us (001 §2): a new message to the care team. */
export function MessageUsWidget({ userId, wide }: { userId: string; wide: boolean }) {
  return (
    <WidgetCard
      title="Have a question?"
      eyebrow="Care team"
      wide={wide}
      actions={
        <Link className={buttonClassName({ variant: 'secondary' })} to={`/messages/${seg(userId)}/new`}>
          Message Us
        </Link>
      }
    >
      <p>Our medical team is here to help with your treatment, labs or account.</p>
    </WidgetCard>
  );
}
