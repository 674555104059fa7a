import { conversationChannel } from '@portal/domain/messaging/channels';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChannelHandlers } from '../../../lib/realtime';
import { json, mockApi, renderRoute, setOrganization, signIn, USER_ID } from '../../../test/helpers';
import { CONVERSATION_ID, CONVERSATION_PATH, conversation, message, mine, STAFF_ID } from '../test/fixtures';

/** The page's real-time subscription, as the page asked for it. */
const channel = vi.hoisted(() => ({
  name: null as string | null,
  handlers: {} as Record<string, (data: unknown) => void>,
  onJoin: undefined as (() => void) | undefined,
  ready: undefined as (() => Promise<unknown>) | undefined,
}));

vi.mock('../../../lib/realtime', () => ({
  realtimeSocketId: () => 'socket-1.2',
  useChannelEvents: (
    name: string | null,
    handlers: ChannelHandlers,
    onJoin?: () => void,
    ready?: () => Promise<unknown>,
  ) => {
    channel.name = name;
    channel.handlers = handlers;
    channel.onJoin = onJoin;
    channel.ready = ready;
    return name ? 'live' : 'connecting';
  },
}));

const PAGE = `/dashboard/${USER_ID}/messages`;
const findLog = () => screen.findByRole('log', { name: 'Message history' });
/**
 * The page once its conversation is loaded (and so its channel named) and what its handlers need is in: the
 * real hook joins the channel, and so hears events, only once `ready` has resolved.
 */
const loaded = async () => {
  await waitFor(() => expect(channel.name).toBe(conversationChannel(CONVERSATION_ID)));
  await act(async () => {
    await channel.ready?.();
  });
  return findLog();
};
const emit = (event: string, data: unknown) => act(() => channel.handlers[event]!(data));

beforeEach(() => {
  setOrganization();
  signIn();
});

describe('Messages page in real time (001 §4, §7)', () => {
  it('joins the conversation channel and shows a new message once, however often it arrives', async () => {
    mockApi({
      'GET /v2/conversations/patient': json(200, [conversation({ messages: [message({ text: 'Hello' })] })]),
    });
    renderRoute(PAGE);
    const log = await loaded();
    await within(log).findByText('Hello');

    const reply = message({ text: 'Your refill is approved', minute: 30 });
    emit('message', reply);
    emit('message', reply);
    expect(within(log).getAllByText('Your refill is approved')).toHaveLength(1);
  });

  it('reads the newest page again on a partial message and on each join, merging by _id', async () => {
    const first = message({ text: 'First', minute: 1 });
    const second = message({ text: 'Second', minute: 2 });
    let page = [first];
    const requests = mockApi({
      'GET /v2/conversations/patient': () => json(200, [conversation({ messages: page })]),
    });
    renderRoute(PAGE);
    const log = await loaded();
    await within(log).findByText('First');
    const live = message({ text: 'Live one', minute: 3 });
    emit('message', live);
    const reads = () => requests.filter((r) => r.path === '/v2/conversations/patient').length;
    const before = reads();

    page = [first, second];
    emit('message', { _id: second._id, conversation_id: CONVERSATION_ID, partial: true });
    await within(log).findByText('Second');
    expect(reads()).toBe(before + 1);

    // back after a break: the page is read again and nothing shows twice
    page = [first, second, live];
    act(() => channel.onJoin!());
    await waitFor(() => expect(reads()).toBe(before + 2));
    expect(within(log).getAllByText('Live one')).toHaveLength(1);
    expect(within(log).getAllByText('Second')).toHaveLength(1);
  });

  it("shows the care team's typing for 8 seconds, never the patient's own", async () => {
    mockApi({ 'GET /v2/conversations/patient': json(200, [conversation()]) });
    renderRoute(PAGE);
    await within(await loaded()).findByRole('heading', { name: 'No messages yet' });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });

    emit('typing', {
      conversation_id: CONVERSATION_ID,
      sender_id: USER_ID,
      display_name: 'Jane Doe',
      is_admin: false,
    });
    expect(screen.queryByText(/is typing/)).not.toBeInTheDocument();

    emit('typing', {
      conversation_id: CONVERSATION_ID,
      sender_id: STAFF_ID,
      display_name: 'Nurse Joy',
      is_admin: true,
    });
    expect(screen.getByText('Nurse Joy is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(7_999));
    expect(screen.getByText('Nurse Joy is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByText('Nurse Joy is typing…')).not.toBeInTheDocument();
  });

  it("turns 'Delivered' into 'Seen' on a read event", async () => {
    const question = mine({ text: 'Question' });
    let seen = false;
    mockApi({
      'GET /v2/conversations/patient': () =>
        json(200, [conversation({ messages: [question], medical_team_read: seen })]),
    });
    renderRoute(PAGE);
    const log = await loaded();
    await within(log).findByText('Delivered');
    seen = true;
    emit('read', { _id: CONVERSATION_ID, patient_read: true, medical_team_read: true });
    // the query cache tells its screens on the next tick
    await within(log).findByText('Seen');
    expect(within(log).queryByText('Delivered')).not.toBeInTheDocument();
  });

  it('sends its socket id with a message, so its own event is skipped', async () => {
    const requests = mockApi({
      'GET /v2/conversations/patient': json(200, [conversation()]),
      [`PUT ${CONVERSATION_PATH}`]: json(200, mine({ text: 'Hi', created_at: new Date().toISOString() })),
      [`POST ${CONVERSATION_PATH}/typing`]: json(200, {}),
    });
    const { user } = renderRoute(PAGE);
    await within(await loaded()).findByRole('heading', { name: 'No messages yet' });
    await user.type(screen.getByRole('textbox', { name: 'Message to your care team' }), 'Hi{Enter}');
    await waitFor(() => expect(requests.some((r) => r.method === 'PUT')).toBe(true));
    expect(requests.find((r) => r.method === 'PUT')!.body).toEqual({ text: 'Hi', socket_id: 'socket-1.2' });
    expect(requests.find((r) => r.path.endsWith('/typing'))!.body).toMatchObject({ socketId: 'socket-1.2' });
  });
});
