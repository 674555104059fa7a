import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  type RecordedRequest,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import {
  CONVERSATION_ID,
  conversation,
  INBOX,
  inboxPage,
  inboxRow,
  message,
  OTHER_STAFF_ID,
  THREAD,
  THREAD_URL,
} from '../inbox-fixtures';
import { CHART, chart, hoursAgo, PATIENT_ID, STAFF_ID, signInStaff } from '../test-fixtures';

const SECOND = '65a1b2c3d4e5f6a7b8c9d1a2';
const THIRD = '65a1b2c3d4e5f6a7b8c9d1a3';

/** The list's reads (the bar's own count reads the unread filter with limit=1). */
const listCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith('/care/') && !r.path.includes('limit=1&'));
const lastFilter = (requests: RecordedRequest[]) =>
  new URLSearchParams(
    listCalls(requests)
      .filter((r) => r.path.includes('/conversations?'))
      .at(-1)
      ?.path.split('?')[1],
  ).get('filter');

const rows = () => within(screen.getByRole('list', { name: /^Conversations/ })).getAllByRole('listitem');

beforeEach(() => setOrganization());

describe('the care team inbox', () => {
  it('lists the conversations in the order the server gives, with unread in words, waiting time and owner', async () => {
    signInStaff('care_team');
    mockApi({
      [INBOX]: json(
        200,
        inboxPage([
          inboxRow(),
          inboxRow({
            _id: SECOND,
            patient: { _id: 'p2', first_name: 'Alan', last_name: 'Turing' },
            medical_team_read: true,
            waiting_since: hoursAgo(50),
            preview: 'Thanks, that helps.',
            assigned_to: { _id: STAFF_ID, display_name: 'Grace House' },
          }),
          inboxRow({
            _id: THIRD,
            patient: { _id: 'p3', first_name: 'Edsger', last_name: 'Dijkstra' },
            medical_team_read: true,
            waiting_since: null,
            preview: 'See you next month.',
            assigned_to: { _id: OTHER_STAFF_ID, display_name: 'Carl Team' },
          }),
        ]),
      ),
    });
    renderRoute('/care/messages');
    await screen.findByRole('heading', { level: 1, name: 'Messages' });
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    const [ada, alan, edsger] = rows().map((row) => within(row));
    // the server's order is kept: unread first, then the longest waiting
    expect(ada!.getByRole('link')).toHaveTextContent('Ada Lovelace');
    expect(alan!.getByRole('link')).toHaveTextContent('Alan Turing');
    expect(edsger!.getByRole('link')).toHaveTextContent('Edsger Dijkstra');
    // unread said in text, not only by colour
    expect(ada!.getByText('Unread')).toBeInTheDocument();
    expect(alan!.queryByText('Unread')).not.toBeInTheDocument();
    expect(ada!.getByText('Waiting 3 hours')).toBeInTheDocument();
    expect(alan!.getByText('Waiting 2 days 2 hours')).toBeInTheDocument();
    expect(edsger!.getByText('Answered')).toBeInTheDocument();
    expect(ada!.getByText('Is nausea normal on the first week?')).toBeInTheDocument();
    expect(ada!.getByText('Unassigned')).toBeInTheDocument();
    expect(alan!.getByText('You')).toBeInTheDocument();
    expect(edsger!.getByText('Carl Team')).toBeInTheDocument();
    expect(ada!.getByRole('link')).toHaveAttribute('href', THREAD_URL);
    expect(screen.getByText('1 unread conversation')).toBeInTheDocument();
    expect(document.title).toMatch(/^Messages/);
  });

  it("counts the clinic's unread conversations on the workspace bar's Messages link", async () => {
    signInStaff('physician');
    mockApi({ [INBOX]: json(200, inboxPage([inboxRow()], { unread: 4 })) });
    renderRoute('/care/messages');
    const nav = within(await screen.findByRole('navigation', { name: 'Workspace' }));
    expect(await nav.findByRole('link', { name: 'Messages, 4 unread' })).toHaveAttribute(
      'aria-current',
      'page',
    );
  });

  it('asks the server again with each filter, by click and by arrow keys', async () => {
    signInStaff('care_team');
    const requests = mockApi({ [INBOX]: json(200, inboxPage([inboxRow()])) });
    const { user } = renderRoute('/care/messages');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(lastFilter(requests)).toBe('all');
    await user.click(screen.getByRole('tab', { name: 'Unread' }));
    await waitFor(() => expect(lastFilter(requests)).toBe('unread'));
    expect(screen.getByRole('tab', { name: 'Unread' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Mine' }));
    await waitFor(() => expect(lastFilter(requests)).toBe('mine'));
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(lastFilter(requests)).toBe('unassigned'));
    expect(screen.getByRole('tab', { name: 'Unassigned' })).toHaveFocus();
    await user.keyboard('{Home}');
    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'All' })).toHaveAttribute('aria-selected', 'true'),
    );
  });

  it('says when a tab is empty', async () => {
    signInStaff('care_team');
    mockApi({
      [INBOX]: (request) =>
        json(200, request.path.includes('filter=mine') ? inboxPage([]) : inboxPage([inboxRow()])),
    });
    const { user } = renderRoute('/care/messages');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.click(screen.getByRole('tab', { name: 'Mine' }));
    await screen.findByRole('heading', { name: 'Nothing assigned to you' });
    expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('says when nothing has been written yet', async () => {
    signInStaff('care_team');
    mockApi({ [INBOX]: json(200, inboxPage([])) });
    renderRoute('/care/messages');
    await screen.findByRole('heading', { name: 'No conversations yet' });
    expect(screen.getByText('0 unread conversations')).toBeInTheDocument();
  });

  it("shows the server's message when the inbox cannot be read, and reads it again on Try again", async () => {
    signInStaff('care_team');
    let fail = true;
    mockApi({
      [INBOX]: () =>
        fail
          ? json(500, { text: 'ServerError', message: 'The inbox is unavailable.' })
          : json(200, inboxPage([inboxRow()])),
    });
    const { user } = renderRoute('/care/messages');
    await screen.findByText('The inbox is unavailable.');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    expect(screen.queryByText('The inbox is unavailable.')).not.toBeInTheDocument();
  });

  it('loads the next page by its cursor, below the first', async () => {
    signInStaff('care_team');
    mockApi({
      [INBOX]: (request) =>
        request.path.includes('cursor=c1')
          ? json(
              200,
              inboxPage([
                inboxRow({ _id: SECOND, patient: { _id: 'p2', first_name: 'Alan', last_name: 'Turing' } }),
              ]),
            )
          : json(200, inboxPage([inboxRow()], { next_cursor: 'c1' })),
    });
    const { user } = renderRoute('/care/messages');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Alan Turing' });
    expect(rows()).toHaveLength(2);
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('opens the thread from the row', async () => {
    signInStaff('care_team');
    mockApi({
      [INBOX]: json(200, inboxPage([inboxRow()])),
      [THREAD]: json(200, conversation([message('Is nausea normal on the first week?')])),
      [CHART]: json(200, chart()),
    });
    const { user, router } = renderRoute('/care/messages');
    await user.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    await waitFor(() =>
      expect(currentUrl(router)).toBe(`/care/messages/${CONVERSATION_ID}?patient=${PATIENT_ID}`),
    );
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
  });
});
