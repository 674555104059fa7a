import { defaultPrescriptionExpiry } from '@portal/domain/care/decisions';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { currentUrl, json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { localToday } from '../components/decision-dialogs';
import {
  CHART,
  chart,
  chartVisit,
  hoursAgo,
  PATIENT_ID,
  QUEUE,
  queuePage,
  STAFF_ID,
  signInStaff,
  VISIT_ID,
} from '../test-fixtures';

const CHART_PATH = `/care/patients/${PATIENT_ID}?visit=${VISIT_ID}`;
const APPROVE = `POST /care/${ORG_ID}/visits/${VISIT_ID}/approve`;

beforeEach(() => setOrganization());

describe("a patient's chart", () => {
  it('shows the header and every section of the chart', async () => {
    signInStaff();
    mockApi({ [CHART]: json(200, chart()) });
    renderRoute(CHART_PATH);
    await screen.findByRole('heading', { level: 1, name: 'Ada Lovelace' });
    expect(screen.getByText('36 years')).toBeInTheDocument();
    expect(screen.getByText('Female')).toBeInTheDocument();
    expect(screen.getAllByText('Verification Pending').length).toBeGreaterThan(0);
    for (const name of [
      'Decision',
      'Profile',
      'Medical history',
      'Visit',
      'Identity photos',
      'Subscriptions',
      'Orders',
      'Notifications sent',
      'Labs experience',
      'Private notes',
      'Viewed by',
    ])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    const visit = within(screen.getByRole('region', { name: 'Visit' }));
    expect(visit.getByText('Are you pregnant?')).toBeInTheDocument();
    expect(visit.getByText('Product 0.25 mg')).toBeInTheDocument();
    expect(visit.getByText(/quantity 4, every 3 months/)).toBeInTheDocument();
    expect(visit.getByText('Mild nausea with metformin.')).toBeInTheDocument();
    expect(screen.getByText('Penicillin')).toBeInTheDocument();
    expect(screen.getByText('Your visit was submitted.')).toBeInTheDocument();
    expect(screen.getByText('Called about her dosage history.')).toBeInTheDocument();
    expect(document.title).toMatch(/^Patient chart/);
  });

  it('adds a private note, refusing an empty one', async () => {
    signInStaff('care_team');
    const requests = mockApi({
      [CHART]: json(200, chart()),
      [`POST /care/${ORG_ID}/patients/${PATIENT_ID}/notes`]: json(201, {
        _id: '65a1b2c3d4e5f6a7b8c9d0e9',
        body: 'Prefers e-mail.',
        author: { _id: STAFF_ID, first_name: 'Grace', last_name: 'House', role: 'care_team' },
        created_at: hoursAgo(0),
      }),
    });
    const { user } = renderRoute(CHART_PATH);
    const notes = within(await screen.findByRole('region', { name: 'Private notes' }));
    await user.click(notes.getByRole('button', { name: 'Add note' }));
    expect(notes.getByText('Write the note.')).toBeInTheDocument();
    await user.type(notes.getByLabelText('Add a private note'), 'Prefers e-mail.');
    await user.click(notes.getByRole('button', { name: 'Add note' }));
    await notes.findByText('Prefers e-mail.', { selector: 'p' });
    expect(notes.getByLabelText('Add a private note')).toHaveValue('');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ body: 'Prefers e-mail.' });
  });

  it('switches the patient to the new labs app, and says which one an admin sees', async () => {
    signInStaff('care_team');
    const requests = mockApi({
      [CHART]: json(200, chart()),
      [`PUT /care/${ORG_ID}/patients/${PATIENT_ID}/feature-flags`]: (request) =>
        json(200, request.body as { labs2: boolean }),
    });
    const { user } = renderRoute(CHART_PATH);
    const labs = within(await screen.findByRole('region', { name: 'Labs experience' }));
    const box = labs.getByRole('checkbox', { name: /Use the new labs app/ });
    expect(box).not.toBeChecked();
    expect(labs.getByText('The labs list is what the patient sees under Labs.')).toBeInTheDocument();
    await user.click(box);
    await labs.findByText('The new labs app is what the patient sees under Labs.');
    expect(box).toBeChecked();
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({ labs2: true });
  });

  it('shows an admin which labs experience the patient has, without the switch', async () => {
    signInStaff('admin');
    mockApi({ [CHART]: json(200, chart()) });
    renderRoute(CHART_PATH);
    const labs = within(await screen.findByRole('region', { name: 'Labs experience' }));
    expect(labs.getByText('The labs list.')).toBeInTheDocument();
    expect(labs.queryByRole('checkbox')).not.toBeInTheDocument();
  });

  it('approves with a prescription: checked first, then sent, then back to the queue with the outcome', async () => {
    signInStaff();
    const requests = mockApi({
      [CHART]: json(200, chart()),
      [QUEUE]: json(200, queuePage([])),
      [APPROVE]: json(200, {
        _id: VISIT_ID,
        decision: 'approve',
        physician_review: true,
        closed: false,
        awaiting_patient_update: false,
        subscriptions: [{ _id: '65a1b2c3d4e5f6a7b8c9d0e2', status: 'active' }],
        charged: 29900,
      }),
    });
    const { user, router } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Approve and prescribe' }));
    // the requested protocol fills the prescription in (its name is known from the queue, not opened
    // here); the expiry defaults to a year from today
    expect(dialog.getByLabelText('Medication')).toHaveValue('');
    expect(dialog.getByLabelText('Strength')).toHaveValue('0.25 mg');
    expect(dialog.getByLabelText('Expiry date')).toHaveValue(defaultPrescriptionExpiry(localToday()));

    await user.clear(dialog.getByLabelText('Expiry date'));
    await user.type(dialog.getByLabelText('Expiry date'), '2020-01-01');
    await user.click(dialog.getByRole('button', { name: 'Confirm approval' }));
    expect(dialog.getByText('Enter the medication.')).toBeInTheDocument();
    expect(dialog.getByText('Enter the instructions for the patient.')).toBeInTheDocument();
    expect(dialog.getByText('The expiry date must be in the future.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(dialog.getByLabelText('Medication'), 'Semaglutide');
    await user.type(dialog.getByLabelText('Instructions for the patient'), 'Inject weekly.');
    await user.clear(dialog.getByLabelText('Expiry date'));
    await user.type(dialog.getByLabelText('Expiry date'), '2027-01-31');
    await user.click(dialog.getByRole('button', { name: 'Confirm approval' }));

    await waitFor(() => expect(currentUrl(router)).toBe('/care'));
    expect(await screen.findByText(/Approved: Ada Lovelace's protocol is active/)).toHaveTextContent(
      '$299.00 was charged',
    );
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      prescription: {
        medication: 'Semaglutide',
        strength: '0.25 mg',
        instructions: 'Inject weekly.',
        expires_on: '2027-01-31',
      },
    });
  });

  it("shows the server's message when the visit was decided meanwhile (409)", async () => {
    signInStaff();
    mockApi({
      [CHART]: json(200, chart()),
      [APPROVE]: json(409, {
        text: 'VisitAlreadyDecided',
        message: 'This visit has already been decided.',
      }),
    });
    const { user, router } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Approve' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Medication'), 'Semaglutide');
    await user.type(dialog.getByLabelText('Instructions for the patient'), 'Inject weekly.');
    await user.click(dialog.getByRole('button', { name: 'Confirm approval' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent('This visit has already been decided.');
    expect(currentUrl(router)).toBe(CHART_PATH);
  });

  it('denies with a reason, which is required', async () => {
    signInStaff();
    const requests = mockApi({
      [CHART]: json(200, chart()),
      [QUEUE]: json(200, queuePage([])),
      [`POST /care/${ORG_ID}/visits/${VISIT_ID}/deny`]: json(200, {
        _id: VISIT_ID,
        decision: 'deny',
        physician_review: true,
        closed: true,
        awaiting_patient_update: false,
        subscriptions: [],
        charged: 0,
      }),
    });
    const { user } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Deny' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Deny the visit' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm denial' }));
    expect(dialog.getByText('Write the reason.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Reason'), 'Not a candidate with this history.');
    await user.click(dialog.getByRole('button', { name: 'Confirm denial' }));
    await screen.findByText(/Denied: Ada Lovelace has been told/);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'Not a candidate with this history.',
    });
  });

  it('lets a care coordinator ask for a new photo but not approve or deny', async () => {
    signInStaff('care_team');
    const requests = mockApi({
      [CHART]: json(200, chart()),
      [QUEUE]: json(200, queuePage([])),
      [`POST /care/${ORG_ID}/visits/${VISIT_ID}/request-update`]: json(200, {
        _id: VISIT_ID,
        decision: 'request_update',
        physician_review: false,
        closed: false,
        awaiting_patient_update: true,
        subscriptions: [],
        charged: 0,
      }),
    });
    const { user } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Ask for more' }));
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Deny' })).not.toBeInTheDocument();
    const dialog = within(await screen.findByRole('dialog', { name: 'Ask the patient for more' }));
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    expect(dialog.getByText('Write what the patient should do.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText('Message to the patient'), 'Please retake the selfie in daylight.');
    await user.type(dialog.getByLabelText('Hold the visit until'), '2026-06-20');
    await user.click(dialog.getByRole('button', { name: 'Send the request' }));
    await screen.findByText('Sent back to Ada Lovelace for a new photo.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      reason: 'photo',
      message: 'Please retake the selfie in daylight.',
      hold_date: '2026-06-20',
    });
  });

  it('says what a visit sent back to the patient waits for, and offers no decision on it', async () => {
    signInStaff();
    const hold = { is_awaiting: true, reason: 'Your ID photo is blurred.', hold_date: '2026-06-17' };
    mockApi({ [CHART]: json(200, chart({ visits: [chartVisit({ awaiting_patient_update: hold })] })) });
    renderRoute(CHART_PATH);
    await screen.findByText('Waiting for the patient');
    expect(screen.getByText('Asked: Your ID photo is blurred. Held until Jun 17, 2026.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('offers no decision on a visit already decided', async () => {
    signInStaff();
    mockApi({ [CHART]: json(200, chart({ visits: [chartVisit({ physician_review: true })] })) });
    renderRoute(CHART_PATH);
    await screen.findByText('Approved');
    expect(screen.queryByRole('heading', { name: 'Decision' })).not.toBeInTheDocument();
  });
});
