import {
  careInboxChannel,
  conversationChannel,
  INBOX_CHANGED_EVENT,
  MESSAGE_EVENT,
  type Message,
  READ_EVENT,
  TYPING_EVENT,
} from '@portal/domain/contracts/messaging';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  ORG_ID,
  type RecordedRequest,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import {
  ASSIGN,
  CONVERSATION_ID,
  conversation,
  INBOX,
  inboxPage,
  inboxRow,
  MARK_READ,
  message,
  OTHER_STAFF_ID,
  QUICK_REPLIES,
  quickReply,
  SAVE_QUICK_REPLY,
  SEND,
  STAFF_LIST,
  THREAD,
  THREAD_URL,
  TYPING,
  UPLOAD,
} from '../inbox-fixtures';
import { CHART, chart, hoursAgo, PATIENT_ID, STAFF_ID, signInStaff } from '../test-fixtures';

// The real-time channels, driven by the tests: each screen's handlers by channel name.
const realtime = vi.hoisted(() => ({
  channels: new Map<string, { handlers: Record<string, (data: unknown) => void>; onJoin?: () => void }>(),
}));
vi.mock('../../../lib/realtime', () => ({
  useChannelEvents: (
    channel: string | null,
    handlers: Record<string, (data: unknown) => void>,
    onJoin?: () => void,
  ) => {
    if (channel) realtime.channels.set(channel, { handlers, onJoin });
    return 'live';
  },
  useChannelEvent: (channel: string | null, event: string, onChange: () => void) => {
    if (channel) realtime.channels.set(channel, { handlers: { [event]: onChange }, onJoin: onChange });
    return 'live';
  },
  realtimeSocketId: () => 'socket-1',
}));

function emit(event: string, data: unknown) {
  const channel = realtime.channels.get(conversationChannel(CONVERSATION_ID));
  if (!channel) throw new Error('The thread has not joined its channel');
  act(() => channel.handlers[event]?.(data));
}

const calls = (requests: RecordedRequest[], key: string) => {
  const [method, path] = key.split(' ');
  return requests.filter((r) => r.method === method && r.path.split('?')[0] === path);
};

const sent = (requests: RecordedRequest[]) =>
  calls(requests, SEND).map((r) => r.body as Record<string, unknown>);

/** A thread of a question, the team's answer, a note among the team and an announcement. */
function history() {
  return [
    message('Is nausea normal on the first week?', 'patient', { created_at: hoursAgo(5) }),
    message('Yes, it usually settles within days.', 'team', { created_at: hoursAgo(4.5) }),
    message('Watch her dose: she had nausea on metformin too.', 'team', {
      created_at: hoursAgo(4),
      internal_message: true,
    }),
    message('Our office is closed on Monday.', 'team', { created_at: hoursAgo(3.5), message_style: 2 }),
  ];
}

/** The API of a thread: its page, the chart, sends echoed as the message, read receipts and typing. */
function threadApi(
  thread = conversation(history()),
  extra: Record<string, Response | ((r: RecordedRequest) => Response)> = {},
) {
  let count = 0;
  return mockApi({
    [THREAD]: () => json(200, thread),
    [CHART]: json(200, chart()),
    [INBOX]: json(200, inboxPage([inboxRow()])),
    [MARK_READ]: json(200, { _id: CONVERSATION_ID, patient_read: false, medical_team_read: true }),
    [TYPING]: json(200, {}),
    [SEND]: (request) => {
      count += 1;
      const body = request.body as { text?: string; internal_message?: boolean; message_style?: 1 | 2 };
      return json(
        200,
        message(body.text ?? 'Blocks', 'me', {
          _id: `65a1b2c3d4e5f6a7b8c9e${String(count).padStart(3, '0')}`,
          internal_message: body.internal_message ?? false,
          message_style: body.message_style ?? 1,
        }),
      );
    },
    ...extra,
  });
}

const replyBox = () =>
  screen.getByRole('textbox', { name: /^(Reply to Ada|Internal note for the care team)$/ });

beforeEach(() => {
  setOrganization();
  realtime.channels.clear();
});

describe('a conversation of the inbox', () => {
  it("shows the history, notes and announcements set apart, with the patient's chart in brief beside it", async () => {
    signInStaff('care_team');
    const requests = threadApi(conversation(history(), { patient_read: true, medical_team_read: true }));
    renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    const log = within(screen.getByRole('log', { name: 'Messages' }));
    const items = log.getAllByRole('listitem');
    expect(items).toHaveLength(4);
    const [question, answer, note, announcement] = items.map((item) => within(item));
    expect(question!.getByText('Ada Lovelace')).toBeInTheDocument();
    expect(question!.getByText('Is nausea normal on the first week?')).toBeInTheDocument();
    expect(question!.getByText('Jun 10th, 7:00 AM')).toBeInTheDocument();
    expect(items[0]).toHaveClass('inbox-msg--patient');
    expect(answer!.getByText('Carl Team')).toBeInTheDocument();
    expect(items[1]).toHaveClass('inbox-msg--team');
    expect(answer!.queryByText(/Internal note|Announcement/)).not.toBeInTheDocument();
    expect(note!.getByText('Internal note · not seen by the patient')).toBeInTheDocument();
    expect(announcement!.getByText('Announcement')).toBeInTheDocument();
    // the read receipt is under the team's latest message to the patient, never under a note
    expect(announcement!.getByText('Seen by the patient')).toBeInTheDocument();
    expect(log.getAllByText('Seen by the patient')).toHaveLength(1);
    // the team's notes are asked for
    expect(calls(requests, THREAD)[0]?.path).toContain('internal_message=true');
    // the patient beside the thread, with the full chart a link away
    const patient = within(screen.getByRole('complementary', { name: 'Ada Lovelace' }));
    await patient.findByText('36 years');
    expect(patient.getByText('Penicillin')).toBeInTheDocument();
    expect(patient.getByText('Semaglutide monthly', { exact: false })).toBeInTheDocument();
    expect(patient.getByRole('link', { name: 'Open the full chart of Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    // already read: nothing to mark
    expect(calls(requests, MARK_READ)).toHaveLength(0);
  });

  it('marks the conversation read for the team on opening, and again when the patient writes while it is open', async () => {
    signInStaff('care_team');
    const requests = threadApi();
    renderRoute(THREAD_URL);
    await waitFor(() => expect(calls(requests, MARK_READ)).toHaveLength(1));
    expect(calls(requests, MARK_READ)[0]?.body).toEqual({
      patient_id: PATIENT_ID,
      conversation_id: CONVERSATION_ID,
      socket_id: 'socket-1',
      sender_id: STAFF_ID,
    });
    // the team's own message does not make it unread
    emit(MESSAGE_EVENT, message('Any questions, ask.', 'team'));
    await screen.findByText('Any questions, ask.');
    // a new message of the patient arrives in real time: shown, and read
    emit(MESSAGE_EVENT, message('Thank you! One more thing…', 'patient'));
    await screen.findByText('Thank you! One more thing…');
    await waitFor(() => expect(calls(requests, MARK_READ)).toHaveLength(2));
    // the same message heard twice is shown once
    const again = message('Heard twice', 'patient');
    emit(MESSAGE_EVENT, again);
    emit(MESSAGE_EVENT, again);
    expect(await screen.findAllByText('Heard twice')).toHaveLength(1);
  });

  it('sends a reply with Enter; Shift+Enter starts a new line', async () => {
    signInStaff('care_team');
    const requests = threadApi();
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    await user.type(replyBox(), 'It should ease.{Shift>}{Enter}{/Shift}Drink water.');
    expect(sent(requests)).toHaveLength(0);
    expect(replyBox()).toHaveValue('It should ease.\nDrink water.');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(sent(requests)).toHaveLength(1));
    expect(sent(requests)[0]).toEqual({ text: 'It should ease.\nDrink water.', socket_id: 'socket-1' });
    await waitFor(() => expect(replyBox()).toHaveValue(''));
    const log = within(screen.getByRole('log', { name: 'Messages' }));
    expect(log.getByText(/It should ease\./)).toBeInTheDocument();
    // the patient heard once that the team was typing
    expect(calls(requests, TYPING)).toHaveLength(1);
    expect(calls(requests, TYPING)[0]?.body).toEqual({
      patient_id: PATIENT_ID,
      conversation_id: CONVERSATION_ID,
      socketId: 'socket-1',
      sender_id: STAFF_ID,
    });
  });

  it('sends an announcement, then goes back to a plain message', async () => {
    signInStaff('care_team');
    const requests = threadApi();
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('radio', { name: 'Send as announcement' }));
    await user.type(replyBox(), 'The clinic is closed on Monday.');
    await user.click(screen.getByRole('button', { name: 'Send announcement' }));
    await waitFor(() => expect(sent(requests)).toHaveLength(1));
    expect(sent(requests)[0]).toMatchObject({ text: 'The clinic is closed on Monday.', message_style: 2 });
    expect(sent(requests)[0]).not.toHaveProperty('internal_message');
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Message' })).toBeChecked());
  });

  it('adds an internal note without telling the patient the team is typing; the note mode stays chosen', async () => {
    signInStaff('care_team');
    const requests = threadApi();
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('radio', { name: 'Internal note' }));
    expect(screen.getByText(/Only the care team sees notes/)).toBeInTheDocument();
    await user.type(replyBox(), 'Ask Dr House about the dose.');
    await user.click(screen.getByRole('button', { name: 'Add internal note' }));
    await waitFor(() => expect(sent(requests)).toHaveLength(1));
    expect(sent(requests)[0]).toMatchObject({ text: 'Ask Dr House about the dose.', internal_message: true });
    expect(sent(requests)[0]).not.toHaveProperty('message_style');
    expect(calls(requests, TYPING)).toHaveLength(0);
    const log = within(screen.getByRole('log', { name: 'Messages' }));
    const added = (await log.findByText('Ask Dr House about the dose.')).closest('li') as HTMLElement;
    expect(within(added).getByText('Internal note · not seen by the patient')).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Internal note' })).toBeChecked();
  });

  it('says when a reply could not be sent, and keeps it', async () => {
    signInStaff('care_team');
    threadApi(undefined, { [SEND]: json(500, { text: 'ServerError', message: 'Boom' }) });
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.type(replyBox(), 'Hello{Enter}');
    await screen.findByText('Message failed to send or is too large, please try to send the message again.');
    expect(replyBox()).toHaveValue('Hello');
  });

  it('inserts a quick reply in the reply box', async () => {
    signInStaff('care_team');
    threadApi(undefined, {
      [QUICK_REPLIES]: json(200, [
        quickReply('Nausea', 'Nausea usually settles within a week. Small meals help.'),
        quickReply('Refill', 'Your refill is on its way.', '65a1b2c3d4e5f6a7b8c9d2a2'),
      ]),
    });
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    const list = within(await screen.findByRole('list', { name: 'Quick replies' }));
    await user.click(list.getByRole('button', { name: /^Nausea/ }));
    expect(replyBox()).toHaveValue('Nausea usually settles within a week. Small meals help.');
    expect(screen.queryByRole('list', { name: 'Quick replies' })).not.toBeInTheDocument();
    // found by typing, picked with Enter, where the caret is
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    await user.type(await screen.findByLabelText('Find a quick reply'), 'refill{Enter}');
    expect(replyBox()).toHaveValue(
      'Nausea usually settles within a week. Small meals help.Your refill is on its way.',
    );
  });

  it('saves the reply box as a quick reply, checked before it is sent', async () => {
    signInStaff('care_team');
    const saved: ReturnType<typeof quickReply>[] = [];
    const requests = threadApi(undefined, {
      [QUICK_REPLIES]: () => json(200, saved),
      [SAVE_QUICK_REPLY]: (request) => {
        const { title, text } = request.body as { title: string; text: string };
        saved.push(quickReply(title, text, '65a1b2c3d4e5f6a7b8c9d2a9'));
        return json(200, saved.at(-1));
      },
    });
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.type(replyBox(), 'Small meals help with nausea.');
    await user.click(screen.getByRole('button', { name: 'Save as quick reply' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Save as quick reply' }));
    expect(dialog.getByLabelText('Reply')).toHaveValue('Small meals help with nausea.');
    await user.click(dialog.getByRole('button', { name: 'Save quick reply' }));
    await dialog.findByText('Give the reply a title.');
    expect(calls(requests, SAVE_QUICK_REPLY)).toHaveLength(0);
    await user.type(dialog.getByLabelText('Title'), 'Nausea tips');
    await user.click(dialog.getByRole('button', { name: 'Save quick reply' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls(requests, SAVE_QUICK_REPLY)[0]?.body).toEqual({
      title: 'Nausea tips',
      text: 'Small meals help with nausea.',
    });
    // nothing was sent to the patient, and the reply box keeps its text
    expect(sent(requests)).toHaveLength(0);
    expect(replyBox()).toHaveValue('Small meals help with nausea.');
    // the saved reply is offered at once
    await user.click(screen.getByRole('button', { name: 'Quick replies' }));
    expect(
      within(await screen.findByRole('list', { name: 'Quick replies' })).getByRole('button', {
        name: /^Nausea tips/,
      }),
    ).toBeInTheDocument();
  });

  it('adds a link button only to a safe address, and sends it as blocks after the text', async () => {
    signInStaff('care_team');
    const requests = threadApi();
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Add link button' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add a link button' }));
    await user.type(dialog.getByLabelText('Button text'), 'Book a call');
    await user.type(dialog.getByLabelText('Link address'), 'javascript:alert(1)');
    await user.click(dialog.getByRole('button', { name: 'Add the button' }));
    await dialog.findByText(/This address cannot be linked/);
    await user.clear(dialog.getByLabelText('Link address'));
    await user.type(dialog.getByLabelText('Link address'), 'https://clinic.example/book');
    await user.click(dialog.getByRole('button', { name: 'Add the button' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Link button: Book a call')).toBeInTheDocument();
    await user.type(replyBox(), 'Pick a time here:{Enter}');
    await waitFor(() => expect(sent(requests)).toHaveLength(1));
    expect(sent(requests)[0]).toEqual({
      blocks: [
        { type: 'paragraph', text: 'Pick a time here:' },
        { type: 'action', text: 'Book a call', linkUrl: 'https://clinic.example/book' },
      ],
      socket_id: 'socket-1',
    });
  });

  it('uploads an attached file, then sends the message with its id', async () => {
    signInStaff('care_team');
    const requests = threadApi(undefined, {
      [UPLOAD]: json(200, {
        _id: '65a1b2c3d4e5f6a7b8c9d3a1',
        url: '/v2/media/65a1b2c3d4e5f6a7b8c9d3a1',
        name: 'diet.pdf',
        mime_type: 'application/pdf',
        byte_size: 1200,
        kind: 'document',
      }),
    });
    const { user } = renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await user.upload(
      screen.getByLabelText('Attach a file'),
      new File(['%PDF'], 'diet.pdf', { type: 'application/pdf' }),
    );
    expect(screen.getByText('diet.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent(requests)).toHaveLength(1));
    expect(calls(requests, UPLOAD)).toHaveLength(1);
    expect(sent(requests)[0]).toEqual({ media: ['65a1b2c3d4e5f6a7b8c9d3a1'], socket_id: 'socket-1' });
  });

  it('refuses a file of a type messages do not carry', async () => {
    signInStaff('care_team');
    threadApi();
    renderRoute(THREAD_URL);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    // past the picker's own filter (a file dropped or chosen with 'All files')
    fireEvent.change(screen.getByLabelText('Attach a file'), {
      target: { files: [new File(['x'], 'tool.exe')] },
    });
    await screen.findByRole('alert');
    expect(screen.queryByText('tool.exe')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
  });

  it("shows the patient's typing for 8 seconds, and their read receipt as it comes", async () => {
    signInStaff('care_team');
    threadApi(
      conversation([message('Hi', 'patient'), message('Hello Ada', 'team')], { medical_team_read: true }),
    );
    renderRoute(THREAD_URL);
    await screen.findByText('Hello Ada');
    expect(screen.queryByText('Seen by the patient')).not.toBeInTheDocument();
    vi.useFakeTimers();
    emit(TYPING_EVENT, {
      conversation_id: CONVERSATION_ID,
      sender_id: PATIENT_ID,
      display_name: 'Ada',
      is_admin: false,
    });
    expect(screen.getByText('Ada is typing…')).toBeInTheDocument();
    // a colleague typing is not the patient
    emit(TYPING_EVENT, {
      conversation_id: CONVERSATION_ID,
      sender_id: OTHER_STAFF_ID,
      display_name: 'Carl',
      is_admin: true,
    });
    expect(screen.queryByText('Carl is typing…')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(7_900));
    expect(screen.getByText('Ada is typing…')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByText('Ada is typing…')).not.toBeInTheDocument();
    vi.useRealTimers();
    emit(READ_EVENT, { _id: CONVERSATION_ID, patient_read: true, medical_team_read: true });
    const answer = screen.getByText('Hello Ada').closest('li') as HTMLElement;
    await within(answer).findByText('Seen by the patient');
  });

  it('reads the thread again when the channel is joined again, keeping what was shown', async () => {
    signInStaff('care_team');
    const shown: Message[] = [message('First', 'patient')];
    const requests = mockApi({
      [THREAD]: () => json(200, conversation([...shown], { medical_team_read: true })),
      [CHART]: json(200, chart()),
    });
    renderRoute(THREAD_URL);
    await screen.findByText('First');
    shown.push(message('Missed during the break', 'patient'));
    const channel = realtime.channels.get(conversationChannel(CONVERSATION_ID));
    act(() => channel?.onJoin?.());
    await screen.findByText('Missed during the break');
    expect(screen.getByText('First')).toBeInTheDocument();
    expect(calls(requests, THREAD).length).toBeGreaterThanOrEqual(2);
    // a message too large for the event comes as ids only: the thread is read again
    shown.push(message('Too large for the event', 'patient'));
    emit(MESSAGE_EVENT, { _id: shown.at(-1)?._id, conversation_id: CONVERSATION_ID, partial: true });
    await screen.findByText('Too large for the event');
  });

  it("shows a colleague's note, which comes over the clinic's inbox channel only", async () => {
    signInStaff('care_team');
    const shown: Message[] = [message('Hi', 'patient')];
    mockApi({
      [THREAD]: () => json(200, conversation([...shown], { medical_team_read: true })),
      [CHART]: json(200, chart()),
      [INBOX]: json(200, inboxPage([])),
    });
    renderRoute(THREAD_URL);
    await screen.findByText('Hi');
    shown.push(message('Colleague note on the dose', 'team', { internal_message: true }));
    const inbox = realtime.channels.get(careInboxChannel(ORG_ID));
    act(() => inbox?.handlers[INBOX_CHANGED_EVENT]?.({ conversation_id: CONVERSATION_ID }));
    await screen.findByText('Colleague note on the dose');
  });

  it('loads earlier messages above the ones shown', async () => {
    signInStaff('care_team');
    const older = message('An older question', 'patient');
    const newer = message('The newest one', 'patient');
    const requests = mockApi({
      [THREAD]: (request) =>
        json(
          200,
          request.path.includes('lastId=')
            ? conversation([older], { has_more: false })
            : conversation([newer], { has_more: true, medical_team_read: true }),
        ),
      [CHART]: json(200, chart()),
    });
    const { user } = renderRoute(THREAD_URL);
    await screen.findByText('The newest one');
    await user.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    await screen.findByText('An older question');
    expect(calls(requests, THREAD).at(-1)?.path).toContain(`lastId=${newer._id}`);
    const items = within(screen.getByRole('log')).getAllByRole('listitem');
    expect(items[0]).toHaveTextContent('An older question');
    expect(items[1]).toHaveTextContent('The newest one');
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument(),
    );
  });
});

describe("the inbox's live updates", () => {
  it('reads the list and the bar again when the inbox channel says it changed', async () => {
    signInStaff('care_team');
    const docs = [inboxRow()];
    mockApi({ [INBOX]: () => json(200, inboxPage([...docs])) });
    renderRoute('/care/messages');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    docs.push(
      inboxRow({
        _id: '65a1b2c3d4e5f6a7b8c9d1a2',
        patient: { _id: 'p2', first_name: 'Alan', last_name: 'Turing' },
      }),
    );
    const inbox = realtime.channels.get(careInboxChannel(ORG_ID));
    act(() => inbox?.handlers[INBOX_CHANGED_EVENT]?.({ conversation_id: '65a1b2c3d4e5f6a7b8c9d1a2' }));
    await screen.findByRole('link', { name: 'Alan Turing' });
    await screen.findByRole('link', { name: 'Messages, 2 unread' });
  });
});

describe('who answers a conversation', () => {
  it('a coordinator assigns it to themselves, then lets it go', async () => {
    signInStaff('care_team');
    const requests = threadApi(undefined, {
      [ASSIGN]: (request) => {
        const { staff_id } = request.body as { staff_id: string | null };
        return json(
          200,
          inboxRow({ assigned_to: staff_id ? { _id: staff_id, display_name: 'Grace House' } : null }),
        );
      },
    });
    const { user } = renderRoute(THREAD_URL);
    const assignment = within(await screen.findByRole('region', { name: 'Assignment' }));
    expect(assignment.getByText('Unassigned')).toBeInTheDocument();
    expect(assignment.queryByRole('button', { name: 'Unassign' })).not.toBeInTheDocument();
    await user.click(assignment.getByRole('button', { name: 'Assign to me' }));
    await assignment.findByText('You');
    expect(calls(requests, ASSIGN)[0]?.body).toEqual({ staff_id: STAFF_ID });
    expect(assignment.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    await user.click(assignment.getByRole('button', { name: 'Unassign' }));
    await assignment.findByText('Unassigned');
    expect(calls(requests, ASSIGN)[1]?.body).toEqual({ staff_id: null });
    // a coordinator may not read the staff list: it is never asked for
    expect(calls(requests, STAFF_LIST)).toHaveLength(0);
    expect(assignment.queryByLabelText('Assign to')).not.toBeInTheDocument();
  });

  it('shows a colleague as the owner by name, and the server refusal', async () => {
    signInStaff('physician');
    threadApi(conversation(history(), { assigned_to: { _id: OTHER_STAFF_ID, display_name: 'Carl Team' } }), {
      [ASSIGN]: json(403, { text: 'Forbidden', message: 'You may not take this conversation.' }),
    });
    const { user } = renderRoute(THREAD_URL);
    const assignment = within(await screen.findByRole('region', { name: 'Assignment' }));
    expect(assignment.getByText('Carl Team')).toBeInTheDocument();
    await user.click(assignment.getByRole('button', { name: 'Assign to me' }));
    await assignment.findByText('You may not take this conversation.');
    expect(assignment.getByText('Carl Team')).toBeInTheDocument();
  });

  it('an admin hands it to anyone of the staff from the list', async () => {
    signInStaff('admin');
    const requests = threadApi(undefined, {
      [STAFF_LIST]: json(200, {
        items: [
          {
            _id: OTHER_STAFF_ID,
            first_name: 'Carl',
            last_name: 'Team',
            email: 'care@evergreen.test',
            role: 'care_team',
            active: true,
            licensed_states: [],
          },
          {
            _id: '65a1b2c3d4e5f6a7b8c9d0f3',
            first_name: 'Gone',
            last_name: 'Away',
            email: 'gone@evergreen.test',
            role: 'physician',
            active: false,
            licensed_states: ['CA'],
          },
        ],
        invitations: [],
      }),
      [ASSIGN]: json(200, inboxRow({ assigned_to: { _id: OTHER_STAFF_ID, display_name: 'Carl Team' } })),
    });
    const { user } = renderRoute(THREAD_URL);
    const assignment = within(await screen.findByRole('region', { name: 'Assignment' }));
    const select = assignment.getByLabelText('Assign to');
    await waitFor(() =>
      expect(within(select).getByRole('option', { name: 'Carl Team' })).toBeInTheDocument(),
    );
    // a deactivated member is not offered
    expect(within(select).queryByRole('option', { name: 'Gone Away' })).not.toBeInTheDocument();
    expect(assignment.queryByRole('button', { name: 'Assign to me' })).not.toBeInTheDocument();
    await user.selectOptions(select, OTHER_STAFF_ID);
    await user.click(assignment.getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(calls(requests, ASSIGN)[0]?.body).toEqual({ staff_id: OTHER_STAFF_ID }));
    await assignment.findByText('Carl Team', { selector: 'strong' });
  });
});

describe('a thread opened without its patient in the address', () => {
  it('finds the patient in the inbox already read', async () => {
    signInStaff('care_team');
    mockApi({
      [INBOX]: json(200, inboxPage([inboxRow()])),
      [THREAD]: json(200, conversation(history(), { medical_team_read: true })),
      [CHART]: json(200, chart()),
    });
    const { router } = renderRoute('/care/messages');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await act(() => router.navigate(`/care/messages/${CONVERSATION_ID}`));
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    await screen.findByText('Is nausea normal on the first week?');
  });

  it('says to open it from the inbox when nothing names the patient', async () => {
    signInStaff('care_team');
    const requests = mockApi({});
    renderRoute(`/care/messages/${CONVERSATION_ID}`);
    await screen.findByText('This link does not say whose conversation it is. Open it from the inbox.');
    expect(requests.filter((r) => r.path.startsWith('/conversations/'))).toHaveLength(0);
  });
});
