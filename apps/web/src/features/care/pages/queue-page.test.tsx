import { focusManager } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { careQueueQueryOptions, QUEUE_REFRESH_MS } from '../../../api/care/queue';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  type RecordedRequest,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import {
  CHART,
  chart,
  hoursAgo,
  PATIENT_ID,
  PRODUCT_ID,
  QUEUE,
  queueItem,
  queuePage,
  STAFF_ID,
  signInStaff,
  VISIT_ID,
} from '../test-fixtures';

const SECOND = '65a1b2c3d4e5f6a7b8c9d0b2';
const queueCalls = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith(`/care/${ORG_ID}/queue`));

beforeEach(() => setOrganization());

describe('the review queue', () => {
  it('lists each visit with its patient, products, identity, time waiting and owner', async () => {
    signInStaff();
    mockApi({
      [QUEUE]: json(
        200,
        queuePage([
          queueItem(),
          queueItem({
            _id: SECOND,
            patient: {
              ...queueItem().patient,
              _id: 'p2',
              first_name: 'Alan',
              last_name: 'Turing',
              age: null,
            },
            submitted_at: hoursAgo(5),
            waiting: { hours: 5, status: 'on_track', due_at: hoursAgo(-43) },
            claimed_by: { _id: 'x', first_name: 'Carl', last_name: 'Team', at: hoursAgo(1) },
          }),
        ]),
      ),
    });
    renderRoute('/care');
    await screen.findByRole('heading', { level: 1, name: 'Review queue' });
    const rows = await screen.findAllByRole('row');
    const ada = within(rows[1] as HTMLElement);
    expect(ada.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    expect(ada.getByText('36')).toBeInTheDocument();
    expect(ada.getByText('CA')).toBeInTheDocument();
    expect(ada.getByText('Semaglutide')).toBeInTheDocument();
    expect(ada.getByText('Verification Pending')).toBeInTheDocument();
    expect(ada.getByText('2 d 3 h')).toBeInTheDocument();
    expect(ada.getByText('Over target (48 h)')).toBeInTheDocument();
    const alan = within(rows[2] as HTMLElement);
    expect(alan.getByText('5 h')).toBeInTheDocument();
    expect(alan.getByText('On track')).toBeInTheDocument();
    expect(alan.getByText('Carl Team')).toBeInTheDocument();
    expect(screen.getByText('2 visits waiting')).toBeInTheDocument();
    expect(document.title).toMatch(/^Review queue/);
    // the shell names who is signed in and in what role
    expect(screen.getByText('Grace House')).toBeInTheDocument();
    expect(screen.getByText('Physician')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log out' })).toBeInTheDocument();
  });

  it('asks the server again with each filter', async () => {
    signInStaff();
    const requests = mockApi({ [QUEUE]: json(200, queuePage([queueItem()])) });
    const { user } = renderRoute('/care');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.selectOptions(screen.getByLabelText('State'), 'CA');
    await waitFor(() => expect(queueCalls(requests).at(-1)?.path).toContain('state=CA'));
    await user.selectOptions(screen.getByLabelText('Product'), PRODUCT_ID);
    await waitFor(() => expect(queueCalls(requests).at(-1)?.path).toContain(`product=${PRODUCT_ID}`));
    await user.click(screen.getByLabelText('Over 48 h'));
    await waitFor(() => expect(queueCalls(requests).at(-1)?.path).toContain('over_target=true'));
    // the chosen state stays offered while it narrows the rows
    expect(screen.getByLabelText('State')).toHaveValue('CA');
  });

  it('shows a visit submitted elsewhere when the window regains focus, and asks every few seconds', async () => {
    signInStaff();
    const items = [queueItem()];
    mockApi({ [QUEUE]: () => json(200, queuePage(items)) });
    renderRoute('/care');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    items.push(
      queueItem({ _id: SECOND, patient: { ...queueItem().patient, _id: 'p2', first_name: 'Alan' } }),
    );
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await screen.findByRole('link', { name: 'Alan Lovelace' });
    expect(screen.getByText('2 visits waiting')).toBeInTheDocument();
    focusManager.setFocused(undefined);
    // the clinic's real-time channel carries changes (decision 032); the slow refresh is only a net
    const options = careQueueQueryOptions({});
    expect(options.refetchInterval).toBe(QUEUE_REFRESH_MS);
    expect(options.refetchIntervalInBackground).toBe(false);
  });

  it('loads the next page by its cursor, below the first', async () => {
    signInStaff();
    mockApi({
      [QUEUE]: (request) =>
        request.path.includes('cursor=c1')
          ? json(
              200,
              queuePage(
                [queueItem({ _id: SECOND, patient: { ...queueItem().patient, first_name: 'Alan' } })],
                { total: 2 },
              ),
            )
          : json(200, queuePage([queueItem()], { total: 2, next_cursor: 'c1' })),
    });
    const { user } = renderRoute('/care');
    await screen.findByRole('link', { name: 'Ada Lovelace' });
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('link', { name: 'Alan Lovelace' });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument());
  });

  it('claims a visit: the row shows who is on it', async () => {
    signInStaff();
    let claimedBy: ReturnType<typeof queueItem>['claimed_by'] = null;
    const requests = mockApi({
      [QUEUE]: () => json(200, queuePage([queueItem({ claimed_by: claimedBy })])),
      [`POST /care/${ORG_ID}/visits/${VISIT_ID}/claim`]: () => {
        claimedBy = { _id: STAFF_ID, first_name: 'Grace', last_name: 'House', at: hoursAgo(0) };
        return json(200, { _id: VISIT_ID, claimed_by: claimedBy });
      },
    });
    const { user } = renderRoute('/care');
    await user.click(await screen.findByRole('button', { name: 'Claim the visit of Ada Lovelace' }));
    const row = within(screen.getAllByRole('row')[1] as HTMLElement);
    await row.findByText('You');
    expect(requests.some((r) => r.method === 'POST' && r.path.endsWith('/claim'))).toBe(true);
    expect(row.queryByRole('button', { name: /Claim/ })).not.toBeInTheDocument();
  });

  it("opens the patient's chart on the visit from the row", async () => {
    signInStaff();
    mockApi({ [QUEUE]: json(200, queuePage([queueItem()])), [CHART]: json(200, chart()) });
    const { user, router } = renderRoute('/care');
    await user.click(await screen.findByRole('link', { name: 'Ada Lovelace' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/care/patients/${PATIENT_ID}?visit=${VISIT_ID}`));
    // the products the queue named are named on the chart, and fill the prescription in
    const visit = within(await screen.findByRole('region', { name: 'Visit' }));
    expect(visit.getByText('Semaglutide 0.25 mg')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    expect(within(await screen.findByRole('dialog')).getByLabelText('Medication')).toHaveValue('Semaglutide');
  });

  it('says when nothing waits, and offers no claim to an admin', async () => {
    signInStaff('admin');
    mockApi({ [QUEUE]: json(200, queuePage([])) });
    renderRoute('/care');
    await screen.findByRole('heading', { name: 'No visits are waiting' });
    expect(screen.getByText('0 visits waiting')).toBeInTheDocument();
    expect(screen.getByText('Admin')).toBeInTheDocument();
  });

  it('shows the server message when the queue cannot be read', async () => {
    signInStaff();
    mockApi({ [QUEUE]: json(403, { text: 'NotLicensed', message: 'You are not licensed in this state.' }) });
    renderRoute('/care');
    expect(await screen.findByRole('alert')).toHaveTextContent('You are not licensed in this state.');
  });
});
