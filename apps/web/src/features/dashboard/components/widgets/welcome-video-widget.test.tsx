import type { Organization } from '@portal/domain/contracts/organization';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { setBrand } from '../../../../lib/brand';
import { WelcomeVideoWidget } from './welcome-video-widget';

const ORG_ID = '5f1b2c3d4e5f60718293a4b5';

/** The clinic of these tests, rendered on its own (the widget reads nothing but the brand). */
function organization(welcome: Organization['settings']['welcome']): Organization {
  return {
    _id: ORG_ID,
    name: 'Evergreen Longevity',
    domain: 'localhost',
    app_url: 'http://localhost',
    settings: {
      name: 'Evergreen',
      logo: '',
      favicons: { icon: '/favicon.ico' },
      brand: { primary_color: '#0f8a5f' },
      support_email: 'care@example.com',
      login: { image_v3: '/hero.jpg', testimonials: [] },
      dropdown_links: [],
      verification: { has_mobile_verification: true },
      ...(welcome ? { welcome } : {}),
    },
  };
}

const VIDEO = {
  url: '/brands/evergreen/welcome.mp4',
  captions_url: '/brands/evergreen/welcome.en.vtt',
  poster: '/brands/evergreen/welcome-poster.webp',
};

function renderWidget(welcome: Organization['settings']['welcome']) {
  setBrand({ organization: organization(welcome), organizationId: ORG_ID, error: false });
  const user = userEvent.setup();
  const view = render(<WelcomeVideoWidget wide={false} />);
  const card = screen.getByRole('region', { name: 'Welcome to Evergreen' });
  return { ...view, user, card };
}

describe('Welcome video widget', () => {
  it('opens the clinic video in a dialog with English captions on, and fetches nothing before', async () => {
    const { user, card } = renderWidget({ video: VIDEO });
    expect(document.querySelector('video, track')).toBeNull();
    await user.click(within(card).getByRole('button', { name: 'Watch the introduction' }));
    const dialog = screen.getByRole('dialog', { name: 'Welcome to Evergreen' });
    const video = dialog.querySelector('video');
    expect(video).toHaveAttribute('src', VIDEO.url);
    expect(video).toHaveAttribute('poster', VIDEO.poster);
    expect(video).toHaveAttribute('preload', 'none');
    expect(video).toHaveAttribute('controls');
    expect(video).toHaveAccessibleName('Introduction to Evergreen');
    const track = video?.querySelector('track');
    expect(track).toHaveAttribute('kind', 'captions');
    expect(track).toHaveAttribute('src', VIDEO.captions_url);
    expect(track).toHaveAttribute('srclang', 'en');
    expect(track).toHaveAttribute('default');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
  });

  it('pauses the video when the dialog closes, by Escape or by Close, and gives focus back', async () => {
    const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user, card } = renderWidget({ video: VIDEO });
    const open = within(card).getByRole('button', { name: 'Watch the introduction' });

    await user.click(open);
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pause).toHaveBeenCalledTimes(1);
    expect(open).toHaveFocus();

    await user.click(open);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(pause).toHaveBeenCalledTimes(2);
    expect(document.querySelector('video')).toBeNull();
  });

  it('reaches the player and Close from the keyboard alone', async () => {
    vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
    const { user, card } = renderWidget({ video: VIDEO });
    within(card).getByRole('button', { name: 'Watch the introduction' }).focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    const stops: Element[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      if (document.activeElement) stops.push(document.activeElement);
    }
    expect(stops).toContain(dialog.querySelector('video'));
    expect(stops).toContain(within(dialog).getByRole('button', { name: 'Close' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('offers no introduction without a video, or with a video but no captions', () => {
    for (const welcome of [undefined, { video: { ...VIDEO, captions_url: '' } }]) {
      const { card, unmount } = renderWidget(welcome);
      expect(card).toHaveTextContent('See how your care works');
      expect(within(card).queryByRole('button')).toBeNull();
      unmount();
    }
  });
});
