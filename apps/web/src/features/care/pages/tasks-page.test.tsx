import type { CareTask } from '@portal/domain/contracts/care';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { hoursAgo, PATIENT_ID, signInStaff } from '../test-fixtures';

const TASKS = `GET /care/${ORG_ID}/tasks`;
const REQUEST_ID = '65a1b2c3d4e5f6a7b8c9d101';
const CALL_ID = '65a1b2c3d4e5f6a7b8c9d102';
const RETENTION_ID = '65a1b2c3d4e5f6a7b8c9d103';
const SUBSCRIPTION_ID = '65a1b2c3d4e5f6a7b8c9d104';
const RESOLVE = `POST /care/${ORG_ID}/prescription-requests/${REQUEST_ID}/resolve`;
const COMPLETE = `POST /care/${ORG_ID}/calls/${CALL_ID}/complete`;

const request: CareTask = {
  _id: REQUEST_ID,
  kind: 'prescription_change',
  patient: { _id: PATIENT_ID, first_name: 'Ada', last_name: 'Lovelace' },
  subscription: { _id: SUBSCRIPTION_ID, name: 'Generic Rapamycin' },
  request_type: 'RaiseDosage',
  comment: 'No side effects so far.',
  created_at: hoursAgo(30),
};
const verificationCall: CareTask = {
  _id: CALL_ID,
  kind: 'verification_call',
  patient: { _id: 'p2', first_name: 'Alan', last_name: 'Turing' },
  phone: '+14155550123',
  call: { name: 'Identity Verification Call', start_time: hoursAgo(2), end_time: hoursAgo(1.5) },
  subscription: null,
  created_at: hoursAgo(20),
};
const retentionCall: CareTask = {
  _id: RETENTION_ID,
  kind: 'retention_call',
  patient: { _id: 'p3', first_name: 'Grace', last_name: 'Hopper' },
  phone: null,
  call: { name: 'Longevity Consultation', start_time: hoursAgo(-26), end_time: hoursAgo(-25.5) },
  subscription: { _id: SUBSCRIPTION_ID, name: 'Generic Rapamycin' },
  created_at: hoursAgo(3),
};
const ALL = [request, verificationCall, retentionCall];

/** The list as the server answers it: every task until one is answered, then the rest. */
function tasksAnswering(answered: string) {
  let done = false;
  return {
    list: () => json(200, { items: done ? ALL.filter((t) => t._id !== answered) : ALL }),
    answer: (body: unknown) => () => {
      done = true;
      return json(200, body);
    },
  };
}

beforeEach(() => setOrganization());

describe('the tasks page', () => {
  it('lists every open task, oldest first: what it is, whose, since when', async () => {
    signInStaff('physician');
    mockApi({ [TASKS]: json(200, { items: ALL }) });
    renderRoute('/care/tasks');
    await screen.findByRole('heading', { level: 1, name: 'Tasks' });
    await screen.findByText('3 open tasks');
    const items = within(screen.getByRole('list', { name: 'Open tasks, oldest first' })).getAllByRole(
      'listitem',
    );
    expect(items).toHaveLength(3);

    const first = within(items[0] as HTMLElement);
    expect(first.getByText('Prescription change')).toBeInTheDocument();
    expect(first.getByRole('heading', { name: 'Raise the dosage: Generic Rapamycin' })).toBeInTheDocument();
    expect(first.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    expect(first.getByText(/\(1 d 6 h ago\)/)).toBeInTheDocument();
    expect(first.getByText('“No side effects so far.”')).toBeInTheDocument();
    expect(first.getByRole('button', { name: "Answer Ada Lovelace's request" })).toBeInTheDocument();

    const second = within(items[1] as HTMLElement);
    expect(second.getByText('Verification call')).toBeInTheDocument();
    expect(second.getByRole('heading', { name: 'Identity Verification Call' })).toBeInTheDocument();
    expect(second.getByRole('link', { name: '+14155550123' })).toHaveAttribute('href', 'tel:+14155550123');
    expect(second.getByText('Time passed')).toBeInTheDocument();
    expect(second.getByRole('button', { name: "Mark Alan Turing's call done" })).toBeInTheDocument();

    const third = within(items[2] as HTMLElement);
    expect(third.getByText('Retention call')).toBeInTheDocument();
    expect(third.getByText('No number given')).toBeInTheDocument();
    expect(third.getByText('Generic Rapamycin')).toBeInTheDocument();
    expect(third.queryByText('Time passed')).not.toBeInTheDocument();
  });

  it('a physician approves a request with a new prescription, checked before it is sent', async () => {
    signInStaff('physician');
    const server = tasksAnswering(REQUEST_ID);
    const requests = mockApi({
      [TASKS]: server.list,
      [RESOLVE]: server.answer({
        _id: REQUEST_ID,
        resolution: 'approved',
        subscription: { _id: SUBSCRIPTION_ID, status: 'active' },
      }),
    });
    const { user } = renderRoute('/care/tasks');
    await user.click(await screen.findByRole('button', { name: "Answer Ada Lovelace's request" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the request' }));
    expect(dialog.getByText(/Ada Lovelace asks: raise the dosage of Generic Rapamycin/)).toBeInTheDocument();
    expect(dialog.getByRole('radio', { name: 'Approve with a new prescription' })).toBeChecked();
    expect(dialog.getByLabelText('Medication')).toHaveValue('Generic Rapamycin');

    await user.click(dialog.getByRole('button', { name: 'Confirm new prescription' }));
    expect(dialog.getByText('Enter the instructions for the patient.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);

    await user.type(dialog.getByLabelText('Strength'), '6 mg');
    await user.type(dialog.getByLabelText('Instructions for the patient'), 'Six milligrams once a week.');
    await user.clear(dialog.getByLabelText('Expiry date'));
    await user.type(dialog.getByLabelText('Expiry date'), '2027-01-31');
    await user.click(dialog.getByRole('button', { name: 'Confirm new prescription' }));

    await screen.findByText(/Approved: Ada Lovelace has a new prescription for Generic Rapamycin/);
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      decision: 'approve',
      prescription: {
        medication: 'Generic Rapamycin',
        strength: '6 mg',
        instructions: 'Six milligrams once a week.',
        expires_on: '2027-01-31',
      },
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('2 open tasks')).toBeInTheDocument());
    expect(screen.queryByRole('link', { name: 'Ada Lovelace' })).not.toBeInTheDocument();
  });

  it('a physician declines with a message, which is required', async () => {
    signInStaff('physician');
    const server = tasksAnswering(REQUEST_ID);
    const requests = mockApi({
      [TASKS]: server.list,
      [RESOLVE]: server.answer({
        _id: REQUEST_ID,
        resolution: 'declined',
        subscription: { _id: SUBSCRIPTION_ID, status: 'active' },
      }),
    });
    const { user } = renderRoute('/care/tasks');
    await user.click(await screen.findByRole('button', { name: "Answer Ada Lovelace's request" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the request' }));
    await user.click(dialog.getByRole('radio', { name: 'Decline with a message' }));
    expect(dialog.queryByLabelText('Medication')).not.toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Confirm decline' }));
    expect(dialog.getByText('Write a message to the patient.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Why the request is declined/), 'Keep the dose until your labs.');
    await user.click(dialog.getByRole('button', { name: 'Confirm decline' }));
    await screen.findByText('Declined: Ada Lovelace has been sent your message.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      decision: 'decline',
      message: 'Keep the dose until your labs.',
    });
  });

  it("shows the server's refusal inside the dialog (answered meanwhile)", async () => {
    signInStaff('physician');
    mockApi({
      [TASKS]: json(200, { items: ALL }),
      [RESOLVE]: json(409, {
        text: 'RequestAlreadyResolved',
        message: 'This request has already been answered.',
      }),
    });
    const { user } = renderRoute('/care/tasks');
    await user.click(await screen.findByRole('button', { name: "Answer Ada Lovelace's request" }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Answer the request' }));
    await user.click(dialog.getByRole('radio', { name: 'Decline with a message' }));
    await user.type(dialog.getByLabelText(/Why the request is declined/), 'No.');
    await user.click(dialog.getByRole('button', { name: 'Confirm decline' }));
    await dialog.findByText('This request has already been answered.');
  });

  it('a coordinator marks a call done with its outcome, and cannot answer prescription requests', async () => {
    signInStaff('care_team');
    const server = tasksAnswering(CALL_ID);
    const requests = mockApi({
      [TASKS]: server.list,
      [COMPLETE]: server.answer({
        _id: CALL_ID,
        kind: 'verification_call',
        completed_at: hoursAgo(0),
        outcome: 'Reached; ID matches.',
      }),
    });
    const { user } = renderRoute('/care/tasks');
    await screen.findByText('A physician answers this request.');
    expect(screen.queryByRole('button', { name: /Answer/ })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: "Mark Alan Turing's call done" }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Identity Verification Call with Alan Turing' }),
    );
    expect(dialog.getByText(/at \+14155550123/)).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    expect(dialog.getByText('Write what came of the call.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Outcome/), 'Reached; ID matches.');
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    await screen.findByText("Done: Alan Turing's verification call is recorded.");
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ outcome: 'Reached; ID matches.' });
    await waitFor(() => expect(screen.getByText('2 open tasks')).toBeInTheDocument());
  });

  it('shows an alert raised about a patient with its label, and any member marks it done', async () => {
    const ALERT_ID = '65a1b2c3d4e5f6a7b8c9d105';
    const alert: CareTask = {
      _id: ALERT_ID,
      kind: 'patient_alert',
      patient: { _id: 'p4', first_name: 'Mary', last_name: 'Somerville' },
      alert: {
        kind: 'image-mismatch',
        label: 'ID/Profile Image Mismatch',
        action:
          "The patient's ID photo and selfie could not be matched. Check the new photos once they are uploaded.",
      },
      created_at: hoursAgo(1),
    };
    signInStaff('admin');
    let done = false;
    const requests = mockApi({
      [TASKS]: () => json(200, { items: done ? [request] : [request, alert] }),
      [`POST /care/${ORG_ID}/alerts/${ALERT_ID}/resolve`]: () => {
        done = true;
        return json(200, {
          _id: ALERT_ID,
          kind: 'image-mismatch',
          resolved_at: hoursAgo(0),
          outcome: 'New photos match.',
        });
      },
    });
    const { user } = renderRoute('/care/tasks');
    await screen.findByText('2 open tasks');
    const items = within(screen.getByRole('list', { name: 'Open tasks, oldest first' })).getAllByRole(
      'listitem',
    );
    const card = within(items[1] as HTMLElement);
    expect(card.getByText('Alert')).toBeInTheDocument();
    expect(card.getByRole('heading', { name: 'ID/Profile Image Mismatch' })).toBeInTheDocument();
    expect(card.getByRole('link', { name: 'Mary Somerville' })).toHaveAttribute('href', '/care/patients/p4');
    expect(card.getByText(/could not be matched/)).toBeInTheDocument();

    await user.click(card.getByRole('button', { name: "Mark Mary Somerville's alert done" }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'ID/Profile Image Mismatch: Mary Somerville' }),
    );
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    expect(dialog.getByText('Write what was done about it.')).toBeInTheDocument();
    await user.type(dialog.getByLabelText(/Outcome/), 'New photos match.');
    await user.click(dialog.getByRole('button', { name: 'Mark done' }));
    await screen.findByText("Done: Mary Somerville's alert (ID/Profile Image Mismatch) is recorded.");
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ outcome: 'New photos match.' });
    await waitFor(() => expect(screen.getByText('1 open task')).toBeInTheDocument());
  });

  it('shows an admin the tasks without any action', async () => {
    signInStaff('admin');
    mockApi({ [TASKS]: json(200, { items: ALL }) });
    renderRoute('/care/tasks');
    await screen.findByText('3 open tasks');
    expect(screen.queryAllByRole('button', { name: /Answer|Mark/ })).toHaveLength(0);
  });

  it('says when there is nothing to do', async () => {
    signInStaff('care_team');
    mockApi({ [TASKS]: json(200, { items: [] }) });
    renderRoute('/care/tasks');
    await screen.findByRole('heading', { name: 'No open tasks' });
    expect(screen.getByText('0 open tasks')).toBeInTheDocument();
  });

  it('says when the list cannot be read, and tries again', async () => {
    signInStaff('care_team');
    let calls = 0;
    mockApi({
      [TASKS]: () =>
        ++calls === 1
          ? json(503, { text: 'ServiceUnavailable', message: 'The service is unavailable.' })
          : json(200, { items: [verificationCall] }),
    });
    const { user } = renderRoute('/care/tasks');
    await screen.findByText('The service is unavailable.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText('1 open task');
  });
});
