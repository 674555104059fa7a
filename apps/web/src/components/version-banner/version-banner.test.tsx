import { MESSAGES } from '@portal/domain/messages';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import VersionWatch, { VersionBanner } from './version-banner';
import { checkVersion, resetVersionWatch, startVersionWatch } from './version-watch';

const file = (version: string) =>
  new Response(JSON.stringify({ version }), { status: 200, headers: { 'content-type': 'application/json' } });

beforeEach(() => resetVersionWatch('v1'));
afterEach(() => vi.useRealTimers());

describe('version banner', () => {
  it('reads the version file at start and every 5 minutes, and shows the banner once the version changes', async () => {
    vi.useFakeTimers();
    const versions = ['v1', 'v1', 'v2'];
    const read = vi.fn(async () => file(versions.shift() ?? 'v2'));
    render(<VersionBanner />);
    let stop: () => void = () => {};
    await act(async () => {
      stop = startVersionWatch(read as unknown as typeof fetch);
    });
    expect(read).toHaveBeenCalledTimes(1);
    expect(read).toHaveBeenCalledWith('/version.json', expect.objectContaining({ cache: 'no-store' }));
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    });
    expect(read).toHaveBeenCalledTimes(2);
    expect(screen.queryByRole('status')).toBeNull();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(5 * 60 * 1000);
    });
    expect(read).toHaveBeenCalledTimes(3);
    expect(screen.getByRole('status')).toHaveTextContent(MESSAGES.versionAvailable);
    stop();
  });

  it('Refresh reloads; Dismiss hides it for an hour, after which the next check shows it again', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-28T10:00:00Z'), toFake: ['Date'] });
    const reload = vi.fn();
    const user = userEvent.setup();
    render(<VersionBanner reload={reload} />);
    await act(() => checkVersion((async () => file('v2')) as unknown as typeof fetch));
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    vi.setSystemTime(new Date('2026-11-28T10:59:00Z'));
    await act(() => checkVersion((async () => file('v2')) as unknown as typeof fetch));
    expect(screen.queryByRole('status')).toBeNull();
    vi.setSystemTime(new Date('2026-11-28T11:00:00Z'));
    await act(() => checkVersion((async () => file('v2')) as unknown as typeof fetch));
    expect(screen.getByRole('status')).toBeInTheDocument();
  });

  it('takes a failed read, a page instead of the file or an offline moment as no news', async () => {
    render(<VersionBanner />);
    await act(() =>
      checkVersion((async () => new Response('<!doctype html>', { status: 200 })) as unknown as typeof fetch),
    );
    await act(() =>
      checkVersion((async () => new Response(null, { status: 404 })) as unknown as typeof fetch),
    );
    await act(() =>
      checkVersion((async () => {
        throw new TypeError('Failed to fetch');
      }) as unknown as typeof fetch),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('the watch stops reading when it is unmounted', async () => {
    vi.useFakeTimers();
    const read = vi.fn(async () => file('v1'));
    vi.stubGlobal('fetch', read);
    const { unmount } = render(<VersionWatch />);
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(read).toHaveBeenCalledTimes(1);
    unmount();
    await act(async () => {
      await vi.advanceTimersByTimeAsync(15 * 60 * 1000);
    });
    expect(read).toHaveBeenCalledTimes(1);
    vi.unstubAllGlobals();
  });
});
