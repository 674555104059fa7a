import type { Conversation, Message } from '@portal/domain/contracts/messaging';
import { MESSAGES } from '@portal/domain/messages';
import { messageTime } from '@portal/domain/messaging/format';
import { OFFICE_BANNER_TEXTS } from '@portal/domain/messaging/office-hours';
import { fixClock } from '@portal/domain/testing/fixed-clock';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  patient,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  tokenExpiringIn,
  USER_ID,
} from '../../../test/helpers';
import {
  CONVERSATION_ID,
  CONVERSATION_PATH,
  conversation,
  message,
  mine,
  nextId,
  teamAuthor,
} from '../test/fixtures';

const PAGE = `/dashboard/${USER_ID}/messages`;

/** 17:00 UTC on a Wednesday: 10 AM in California, 1 PM in New York, so no banner. */
const OFFICE_HOURS = '2026-06-10T17:00:00Z';

beforeEach(() => {
  setOrganization();
  fixClock(OFFICE_HOURS);
  // valid for the whole year the tests move the clock through
  signIn(patient(), tokenExpiringIn(400 * 24 * 3600));
});

function serve(...conversations: Conversation[]) {
  return mockApi({ 'GET /v2/conversations/patient': json(200, conversations) });
}

const log = () => screen.getByRole('log', { name: 'Message history' });
const findLog = () => screen.findByRole('log', { name: 'Message history' });
const box = () => screen.getByRole('textbox', { name: 'Message to your care team' });
const sendButton = () => screen.getByRole('button', { name: 'Send' });
const items = () => within(log()).getAllByRole('listitem');
/** The message item holding a text. */
const itemOf = (text: string) => within(log()).getByText(text).closest('li')!;

/** A promise settled by hand, for a call that is still on its way. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

/** The FormData of the last call to `path`. */
function lastFormData(path: string): FormData | undefined {
  const calls = vi.mocked(fetch).mock.calls.filter(([input]) => String(input).startsWith(path));
  const body = calls.at(-1)?.[1]?.body;
  return body instanceof FormData ? body : undefined;
}

describe('Messages page (001 §2)', () => {
  it('is titled Messages and shows an empty state without messages', async () => {
    serve(conversation());
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    expect(log()).toHaveAttribute('aria-live', 'polite');
    expect(within(log()).queryByRole('listitem')).not.toBeInTheDocument();
    expect(box()).toHaveAttribute('placeholder', 'Type your message...');
    await waitFor(() => expect(document.title).toMatch(/^Messages/));
  });

  it("shows the patient's messages as 'You' on the right and the care team's with name and initials on the left", async () => {
    const question = mine({ text: 'Can I take it with food?', minute: 1 });
    const answer = message({ text: 'Yes, with breakfast.', minute: 2 });
    serve(conversation({ messages: [question, answer] }));
    renderRoute(PAGE);

    const own = (await within(await findLog()).findByText('Can I take it with food?')).closest('li')!;
    expect(own).toHaveClass('messages-item--own');
    expect(within(own).getByText('You')).toBeInTheDocument();
    expect(within(own).queryByText('Dr. Ada Lovelace')).not.toBeInTheDocument();
    expect(within(own).getByText(messageTime(new Date(question.created_at)))).toBeInTheDocument();

    const team = itemOf('Yes, with breakfast.');
    expect(team).toHaveClass('messages-item--team');
    expect(within(team).getByText('Dr. Ada Lovelace')).toBeInTheDocument();
    expect(within(team).getByText('DL')).toBeInTheDocument();
    expect(within(team).queryByText('You')).not.toBeInTheDocument();
    expect(within(team).getByText(messageTime(new Date(answer.created_at)))).toHaveTextContent(
      /^[A-Z][a-z]{2} \d{1,2}(st|nd|rd|th), \d{1,2}:\d{2} (AM|PM)$/,
    );
    // oldest first
    expect(items()[0]).toBe(own);
  });

  it('shows a care-team photo when the author has one', async () => {
    const avatar = 'https://cdn.example.com/ada.png';
    serve(
      conversation({
        messages: [message({ text: 'Hi', author: { ...teamAuthor, avatar: { square_25: avatar } } })],
      }),
    );
    renderRoute(PAGE);
    const item = (await within(await findLog()).findByText('Hi')).closest('li')!;
    expect(item.querySelector('img')).toHaveAttribute('src', avatar);
    expect(within(item).queryByText('DL')).not.toBeInTheDocument();
  });

  it('sets announcements (message_style 2) apart from chat', async () => {
    serve(
      conversation({
        messages: [
          message({ text: 'Ordinary chat', minute: 1 }),
          message({ text: 'Clinic closed on Friday', message_style: 2, minute: 2 }),
        ],
      }),
    );
    renderRoute(PAGE);
    const announcement = (await within(await findLog()).findByText('Clinic closed on Friday')).closest('li')!;
    expect(announcement).toHaveClass('messages-item--announcement');
    expect(within(announcement).getByText('Announcement')).toBeInTheDocument();
    expect(within(itemOf('Ordinary chat')).queryByText('Announcement')).not.toBeInTheDocument();
  });

  it('renders every block type as text, and links only to safe addresses', async () => {
    const rich = message({
      blocks: [
        { type: 'paragraph', text: '<b>Not bold</b> <img src=x onerror=alert(1)>' },
        { type: 'image', url: 'https://cdn.example.com/dose-chart.png', text: 'Dose chart' },
        { type: 'youtube', youtube_id: 'dQw4w9WgXcQ', text: 'How to inject' },
        {
          type: 'list',
          items_type: 'ordered',
          list_items: [{ bold_text: 'Morning:', text: 'one tablet' }, { text: 'Evening: nothing' }],
        },
        { type: 'list', items_type: 'unordered', list_items: [{ bold_text: 'Note', text: 'keep cool' }] },
        { type: 'action', text: 'Book a lab', linkUrl: 'https://labs.example.com/book' },
        { type: 'action', text: 'Your orders', linkUrl: '/orders' },
        { type: 'action', text: 'Call us', linkUrl: 'tel:+15555550100' },
        // what the server's schema refuses must still render inert if it ever arrives
        { type: 'action', text: 'Claim prize', linkUrl: 'javascript:alert(1)' },
        { type: 'image', url: 'javascript:alert(1)', text: 'Broken image' },
      ] as Message['blocks'],
    });
    serve(conversation({ messages: [rich] }));
    renderRoute(PAGE);

    const item = (
      await within(await findLog()).findByText('<b>Not bold</b> <img src=x onerror=alert(1)>')
    ).closest('li')!;
    expect(item.querySelector('b')).toBeNull();
    expect(item.querySelectorAll('img')).toHaveLength(1);

    const image = within(item).getByRole('img', { name: 'Dose chart' });
    expect(image).toHaveAttribute('src', 'https://cdn.example.com/dose-chart.png');
    expect(image).toHaveAttribute('loading', 'lazy');

    const video = within(item).getByTitle('Video: How to inject');
    expect(video.tagName).toBe('IFRAME');
    expect(video).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(video).toHaveAttribute('loading', 'lazy');
    expect(within(item).getByRole('link', { name: /^Watch on YouTube/ })).toHaveAttribute(
      'href',
      'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    );

    // an image the browser cannot show (blocked, gone) leaves a link to it
    fireEvent.error(image);
    expect(within(item).getByRole('link', { name: /^View the image/ })).toHaveAttribute(
      'href',
      'https://cdn.example.com/dose-chart.png',
    );

    const [ordered, unordered] = [
      item.querySelector('ol.messages-list')!,
      item.querySelector('ul.messages-list')!,
    ];
    const steps = within(ordered as HTMLElement).getAllByRole('listitem');
    expect(steps[0]).toHaveTextContent('Morning: one tablet');
    expect(within(steps[0]!).getByText('Morning:').tagName).toBe('STRONG');
    expect(steps[1]).toHaveTextContent('Evening: nothing');
    expect(within(unordered as HTMLElement).getByText('Note').tagName).toBe('STRONG');

    const external = within(item).getByRole('link', { name: /^Book a lab/ });
    expect(external).toHaveTextContent('Book a lab (opens in a new tab)');
    expect(external).toHaveAttribute('href', 'https://labs.example.com/book');
    expect(external).toHaveAttribute('target', '_blank');
    expect(external).toHaveAttribute('rel', 'noopener noreferrer');
    expect(within(item).getByRole('link', { name: 'Your orders' })).toHaveAttribute('href', '/orders');
    expect(within(item).getByRole('link', { name: 'Call us' })).toHaveAttribute('href', 'tel:+15555550100');

    expect(within(item).getByText('Claim prize')).toBeInTheDocument();
    expect(within(item).queryByRole('link', { name: 'Claim prize' })).not.toBeInTheDocument();
    expect(within(item).getByText('Broken image')).toBeInTheDocument();
    expect(within(item).queryByRole('img', { name: 'Broken image' })).not.toBeInTheDocument();
    expect(item.innerHTML).not.toContain('javascript:');
  });

  it('shows an image file through the API with the token, and a document as a download', async () => {
    const createObjectURL = vi.fn(() => 'blob:scan');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const imageId = nextId();
    const docId = nextId();
    const withFiles = mine({
      text: 'My results',
      has_file: true,
      files: [
        {
          _id: imageId,
          url: `/v2/media/${imageId}`,
          name: 'scan.png',
          mime_type: 'image/png',
          byte_size: 10,
          kind: 'private-image',
        },
        {
          _id: docId,
          url: `/v2/media/${docId}`,
          name: 'labs.pdf',
          mime_type: 'application/pdf',
          byte_size: 10,
          kind: 'document',
        },
      ],
    });
    const requests = mockApi({
      'GET /v2/conversations/patient': json(200, [conversation({ messages: [withFiles] })]),
      [`GET /v2/media/${imageId}`]: () =>
        new Response('png', { status: 200, headers: { 'Content-Type': 'image/png' } }),
    });
    renderRoute(PAGE);
    const image = await within(await findLog()).findByRole('img', { name: 'scan.png' });
    expect(image).toHaveAttribute('src', 'blob:scan');
    const read = requests.find((r) => r.path === `/v2/media/${imageId}`)!;
    expect(read.headers.authorization).toMatch(/^Bearer /);
    expect(within(log()).getByRole('button', { name: 'labs.pdf, download' })).toBeInTheDocument();
  });

  it("says 'Delivered' under the patient's latest message only, and 'Seen' once the care team read it", async () => {
    const first = mine({ text: 'First question', minute: 1 });
    const latest = mine({ text: 'Second question', minute: 2 });
    const reply = message({ text: 'Team reply', minute: 3 });
    serve(conversation({ messages: [first, latest, reply], medical_team_read: false }));
    const view = renderRoute(PAGE);

    await within(await findLog()).findByText('Second question');
    expect(within(log()).getAllByText('Delivered')).toHaveLength(1);
    expect(within(itemOf('Second question')).getByText('Delivered')).toBeInTheDocument();
    expect(within(itemOf('First question')).queryByText(/Delivered|Seen/)).not.toBeInTheDocument();
    expect(within(itemOf('Team reply')).queryByText(/Delivered|Seen/)).not.toBeInTheDocument();
    view.unmount();

    serve(conversation({ messages: [first, latest, reply], medical_team_read: true }));
    renderRoute(PAGE);
    await within(await findLog()).findByText('Second question');
    expect(within(itemOf('Second question')).getByText('Seen')).toBeInTheDocument();
    expect(within(log()).queryByText('Delivered')).not.toBeInTheDocument();
    expect(within(log()).getAllByText('Seen')).toHaveLength(1);
  });
});

describe('Message box (001 §4)', () => {
  function serveSend(respond: (request: RecordedRequest) => Response | Promise<Response>) {
    return mockApi({
      'GET /v2/conversations/patient': json(200, [
        conversation({ messages: [message({ text: 'Welcome' })] }),
      ]),
      [`PUT ${CONVERSATION_PATH}`]: respond,
      [`POST ${CONVERSATION_PATH}/typing`]: json(200, {}),
    });
  }

  const sent = (request: RecordedRequest) =>
    json(
      200,
      mine({
        text: (request.body as { text?: string } | undefined)?.text ?? '',
        created_at: new Date().toISOString(),
      }),
    );

  it('sends on Enter, but not on Enter with Shift, Ctrl, Alt or Meta', async () => {
    const requests = serveSend(sent);
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByText('Welcome');
    const puts = () => requests.filter((r) => r.method === 'PUT');

    await user.type(box(), 'Line one');
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    await user.keyboard('{Control>}{Enter}{/Control}');
    await user.keyboard('{Alt>}{Enter}{/Alt}');
    await user.keyboard('{Meta>}{Enter}{/Meta}');
    expect(puts()).toHaveLength(0);
    // Shift+Enter made a new line
    expect((box() as HTMLTextAreaElement).value).toMatch(/^Line one\n+$/);

    await user.type(box(), 'Line two');
    const written = (box() as HTMLTextAreaElement).value;
    await user.keyboard('{Enter}');
    await waitFor(() => expect(puts()).toHaveLength(1));
    expect(puts()[0]!.path).toBe(CONVERSATION_PATH);
    expect(puts()[0]!.body).toEqual({ text: written });
    await within(await findLog()).findByText('Line one Line two', {
      normalizer: (t) => t.replace(/\s+/g, ' '),
    });
    expect(box()).toHaveValue('');
    expect(within(itemOf('Welcome')).queryByText('Delivered')).not.toBeInTheDocument();
    await within(await findLog()).findByText('Delivered');
  });

  it('keeps Send disabled without text or a file, and while a message is sending', async () => {
    const answer = deferred<Response>();
    const requests = serveSend(() => answer.promise);
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByText('Welcome');

    expect(sendButton()).toBeDisabled();
    await user.type(box(), '   ');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(0);

    await user.clear(box());
    await user.type(box(), 'Is my order on its way?');
    expect(sendButton()).toBeEnabled();
    await user.click(sendButton());
    await within(await findLog()).findByText('Sending…');

    await user.type(box(), 'And another');
    expect(sendButton()).toBeDisabled();
    await user.keyboard('{Enter}');
    expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1);

    answer.resolve(
      json(200, mine({ text: 'Is my order on its way?', created_at: new Date().toISOString() })),
    );
    await waitFor(() => expect(within(log()).queryByText('Sending…')).not.toBeInTheDocument());
    expect(sendButton()).toBeEnabled();
    expect(within(log()).getByText('Is my order on its way?')).toBeInTheDocument();
  });

  it('says the message failed to send and gives its text back', async () => {
    serveSend(() => json(500, { text: 'Error', message: 'Boom' }));
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByText('Welcome');
    await user.type(box(), 'Please call me');
    await user.click(sendButton());

    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.messageSendFailure);
    expect(MESSAGES.messageSendFailure).toBe(
      'Message failed to send or is too large, please try to send the message again.',
    );
    expect(box()).toHaveValue('Please call me');
    expect(within(log()).queryByText('Please call me')).not.toBeInTheDocument();
  });

  it('grows the box from 40 px up to 7 more lines of 24 px', async () => {
    serveSend(sent);
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByText('Welcome');
    expect(box().style.height).toBe('40px');

    const scrollHeight = vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockReturnValue(112);
    await user.type(box(), 'a');
    expect(box().style.height).toBe('112px');
    scrollHeight.mockReturnValue(900);
    await user.type(box(), 'b');
    expect(box().style.height).toBe('208px');
  });

  it('sends a typing notice at most once per 2 seconds, with the socket fields', async () => {
    const requests = serveSend(sent);
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByText('Welcome');
    await user.type(box(), 'Hello there');
    const typing = requests.filter((r) => r.path === `${CONVERSATION_PATH}/typing`);
    expect(typing).toHaveLength(1);
    expect(typing[0]!.body).toEqual({
      patient_id: USER_ID,
      conversation_id: CONVERSATION_ID,
      socketId: null,
      sender_id: USER_ID,
    });
    fixClock(new Date(Date.now() + 2000));
    await user.type(box(), '!');
    expect(requests.filter((r) => r.path === `${CONVERSATION_PATH}/typing`)).toHaveLength(2);
  });
});

describe('Attachments (001 §4, §5, §8)', () => {
  function serveWithSend(respond: (request: RecordedRequest) => Response | Promise<Response>) {
    return mockApi({
      'GET /v2/conversations/patient': json(200, [conversation()]),
      [`PUT ${CONVERSATION_PATH}`]: respond,
      [`POST ${CONVERSATION_PATH}/typing`]: json(200, {}),
    });
  }

  const file = (name: string, size = 1000) => {
    const f = new File(['x'], name);
    Object.defineProperty(f, 'size', { value: size });
    return f;
  };

  /** Opens the upload instructions and chooses a file in them. */
  async function attach(user: ReturnType<typeof renderRoute>['user'], chosen: File) {
    await user.click(screen.getByRole('button', { name: 'Attach a file' }));
    const dialog = await screen.findByRole('dialog', { name: 'Attach a file' });
    expect(dialog).toHaveTextContent('jpg, jpeg, png, gif, pdf, doc and docx');
    expect(dialog).toHaveTextContent('10MB');
    fireEvent.change(within(dialog).getByLabelText('File to attach'), { target: { files: [chosen] } });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it('refuses a file of another type with the send failure', async () => {
    serveWithSend(() => json(500, {}));
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    await attach(user, file('notes.txt'));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.messageSendFailure);
    expect(alert).toHaveTextContent(MESSAGES.attachmentTypeInvalid);
    expect(screen.queryByText(/Attached file/)).not.toBeInTheDocument();
    expect(sendButton()).toBeDisabled();
  });

  it('refuses a file over 10,000,000 bytes with the send failure, and accepts one of exactly that', async () => {
    serveWithSend(() => json(500, {}));
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    await attach(user, file('scan.png', 10_000_001));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.messageSendFailure);
    expect(sendButton()).toBeDisabled();

    await attach(user, file('scan.png', 10_000_000));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByText('scan.png')).toBeInTheDocument();
    expect(sendButton()).toBeEnabled();
  });

  it('previews the chosen file, removes it, and sends one as form data', async () => {
    const requests = serveWithSend(() =>
      json(200, mine({ text: 'Here it is', created_at: new Date().toISOString() })),
    );
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });

    await attach(user, file('results.pdf'));
    expect(screen.getByText('results.pdf')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove results.pdf' }));
    expect(screen.queryByText('results.pdf')).not.toBeInTheDocument();

    await attach(user, file('results.pdf'));
    expect(sendButton()).toBeEnabled();
    await user.type(box(), 'Here it is');
    await user.click(sendButton());
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    const form = lastFormData(CONVERSATION_PATH)!;
    expect(form.get('client_id')).toBe(USER_ID);
    expect(form.get('mediaType')).toBe('document');
    expect(form.get('text')).toBe('Here it is');
    expect((form.get('file') as File).name).toBe('results.pdf');
    await within(await findLog()).findByText('Here it is');
  });

  it('sends an image as private-image', async () => {
    const requests = serveWithSend(() => json(200, mine({ text: '', created_at: new Date().toISOString() })));
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    await attach(user, file('rash.JPG'));
    await user.click(sendButton());
    await waitFor(() => expect(requests.filter((r) => r.method === 'PUT')).toHaveLength(1));
    expect(lastFormData(CONVERSATION_PATH)!.get('mediaType')).toBe('private-image');
    expect(lastFormData(CONVERSATION_PATH)!.has('text')).toBe(false);
  });

  it('marks a failed file on its bubble; Try Again clears the file and gives the text back', async () => {
    serveWithSend(() => json(413, { text: 'TooLarge', message: 'Too large' }));
    const { user } = renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    await attach(user, file('labs.pdf'));
    await user.type(box(), 'My labs');
    await user.click(sendButton());

    const tip = await within(await findLog()).findByText(MESSAGES.fileSendError);
    expect(MESSAGES.fileSendError).toBe('There was an error sending your file');
    const bubble = tip.closest('li')!;
    expect(within(bubble).getByText('labs.pdf')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(MESSAGES.messageSendFailure);

    await user.click(within(bubble).getByRole('button', { name: 'Try Again' }));
    expect(within(log()).queryByText(MESSAGES.fileSendError)).not.toBeInTheDocument();
    expect(screen.queryByText('labs.pdf')).not.toBeInTheDocument();
    expect(box()).toHaveValue('My labs');
  });

  it("shows 'Drop File Here' while a file is dragged over the page and takes the dropped file", async () => {
    serveWithSend(() => json(500, {}));
    renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    const page = screen.getByRole('region', { name: 'Messages' });
    const dropped = file('photo.png');
    const dataTransfer = { types: ['Files'], files: [dropped], dropEffect: 'none' };

    expect(screen.queryByText('Drop File Here')).not.toBeInTheDocument();
    fireEvent.dragEnter(page, { dataTransfer });
    expect(screen.getByText('Drop File Here')).toBeInTheDocument();
    fireEvent.dragLeave(page, { dataTransfer });
    expect(screen.queryByText('Drop File Here')).not.toBeInTheDocument();

    fireEvent.dragEnter(page, { dataTransfer });
    fireEvent.drop(page, { dataTransfer });
    expect(screen.queryByText('Drop File Here')).not.toBeInTheDocument();
    expect(screen.getByText('photo.png')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Remove photo.png' })).toBeInTheDocument();
  });
});

describe('History and read state (001 §4)', () => {
  it('loads the page before the oldest loaded message, by its id, and keeps what was shown', async () => {
    const older = [message({ text: 'Oldest', minute: 1 }), message({ text: 'Older', minute: 2 })];
    const newest = [mine({ text: 'Recent', minute: 10 }), message({ text: 'Newest', minute: 11 })];
    const requests = mockApi({
      'GET /v2/conversations/patient': json(200, [conversation({ messages: newest, has_more: true })]),
      [`GET ${CONVERSATION_PATH}`]: json(200, conversation({ messages: older, has_more: false })),
    });
    renderRoute(PAGE);
    await within(await findLog()).findByText('Newest');

    // scrolling to the top asks for the page before
    fireEvent.scroll(log());
    await within(await findLog()).findByText('Oldest');
    const page = requests.filter((r) => r.path.startsWith(CONVERSATION_PATH));
    expect(page).toHaveLength(1);
    expect(page[0]!.path).toBe(`${CONVERSATION_PATH}?lastId=${newest[0]!._id}`);
    expect(items().map((li) => within(li).getByText(/Old|Recent|Newest/).textContent)).toEqual([
      'Oldest',
      'Older',
      'Recent',
      'Newest',
    ]);
    // nothing older remains
    expect(within(log()).queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('offers a Load earlier messages button while older messages remain', async () => {
    const newest = [message({ text: 'Newest', minute: 11 })];
    const requests = mockApi({
      'GET /v2/conversations/patient': json(200, [conversation({ messages: newest, has_more: true })]),
      [`GET ${CONVERSATION_PATH}`]: json(
        200,
        conversation({ messages: [message({ text: 'Older', minute: 1 })], has_more: true }),
      ),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await within(await findLog()).findByRole('button', { name: 'Load earlier messages' }));
    await within(await findLog()).findByText('Older');
    expect(requests.at(-1)!.path).toBe(`${CONVERSATION_PATH}?lastId=${newest[0]!._id}`);
    expect(within(log()).getByRole('button', { name: 'Load earlier messages' })).toBeInTheDocument();
  });

  it('marks an unread conversation read on mouse movement, then reads the list again', async () => {
    let unread = true;
    const requests = mockApi({
      'GET /v2/conversations/patient': () =>
        json(200, [conversation({ patient_read: !unread, messages: [message({ text: 'New reply' })] })]),
      [`PUT ${CONVERSATION_PATH}/patient/read`]: () => {
        unread = false;
        return json(200, { _id: CONVERSATION_ID, patient_read: true, medical_team_read: false });
      },
    });
    renderRoute(PAGE);
    await within(await findLog()).findByText('New reply');
    const lists = () => requests.filter((r) => r.path === '/v2/conversations/patient').length;
    const before = lists();

    fireEvent.mouseMove(screen.getByRole('region', { name: 'Messages' }));
    await waitFor(() => expect(lists()).toBeGreaterThan(before));
    const reads = requests.filter((r) => r.path === `${CONVERSATION_PATH}/patient/read`);
    expect(reads).toHaveLength(1);
    expect(reads[0]!.method).toBe('PUT');
    expect(reads[0]!.body).toEqual({
      patient_id: USER_ID,
      conversation_id: CONVERSATION_ID,
      socket_id: null,
      sender_id: USER_ID,
    });

    fireEvent.mouseMove(screen.getByRole('region', { name: 'Messages' }));
    expect(requests.filter((r) => r.path === `${CONVERSATION_PATH}/patient/read`)).toHaveLength(1);
  });

  it('does not mark a read conversation read again', async () => {
    const requests = mockApi({
      'GET /v2/conversations/patient': json(200, [conversation({ patient_read: true })]),
    });
    renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    fireEvent.mouseMove(screen.getByRole('region', { name: 'Messages' }));
    await new Promise((r) => setTimeout(r, 50));
    expect(requests.some((r) => r.path.endsWith('/patient/read'))).toBe(false);
  });

  it('says when the messages cannot be loaded, and tries again', async () => {
    let fail = true;
    mockApi({
      'GET /v2/conversations/patient': () =>
        fail ? json(500, {}) : json(200, [conversation({ messages: [message({ text: 'Back again' })] })]),
    });
    const { user } = renderRoute(PAGE);
    await screen.findByText('Your messages could not be loaded.');
    expect(box()).toBeDisabled();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await within(await findLog()).findByText('Back again');
    expect(box()).toBeEnabled();
  });
});

describe('Office banner (001 §9)', () => {
  it('shows the holiday banner on a holiday, and closes', async () => {
    fixClock('2026-07-04T18:00:00Z');
    serve(conversation());
    const { user } = renderRoute(PAGE);
    const banner = await screen.findByText(OFFICE_BANNER_TEXTS.holiday);
    expect(banner).toHaveTextContent('9 AM to 4 PM');
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(OFFICE_BANNER_TEXTS.holiday)).not.toBeInTheDocument();
  });

  it('shows the after-hours banner outside office hours, and none within them', async () => {
    fixClock('2026-06-10T03:00:00Z');
    serve(conversation());
    const view = renderRoute(PAGE);
    await screen.findByText(OFFICE_BANNER_TEXTS['after-hours']);
    view.unmount();

    fixClock(OFFICE_HOURS);
    serve(conversation());
    renderRoute(PAGE);
    await within(await findLog()).findByRole('heading', { name: 'No messages yet' });
    expect(screen.queryByText(OFFICE_BANNER_TEXTS['after-hours'])).not.toBeInTheDocument();
    expect(screen.queryByText(OFFICE_BANNER_TEXTS.holiday)).not.toBeInTheDocument();
  });
});
