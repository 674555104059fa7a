import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, mockApi, ORG_ID, renderRoute, setOrganization } from '../../../test/helpers';
import { CHART, chart, PATIENT_ID, signInStaff } from '../test-fixtures';

const CHART_PATH = `/care/patients/${PATIENT_ID}`;
const IDENTITY = `POST /care/${ORG_ID}/patients/${PATIENT_ID}/identity`;

/** The chart as the server answers it: pending until the check is recorded, then with its outcome. */
function chartRecording() {
  let status = 'pending';
  return {
    chart: () =>
      json(
        200,
        chart({
          identity: {
            verification_status: status,
            id_image_url: null,
            profile_image_url: null,
            requires_user_attention: status === 'rejected',
          },
        }),
      ),
    record: (request: { body: unknown }) => {
      status = (request.body as { status: string }).status;
      return json(200, { _id: PATIENT_ID, verification_status: status, verified: status === 'completed' });
    },
  };
}

beforeEach(() => setOrganization());

describe("the chart's identity check", () => {
  it('a coordinator verifies the identity: the badge follows', async () => {
    signInStaff('care_team');
    const server = chartRecording();
    const requests = mockApi({ [CHART]: server.chart, [IDENTITY]: server.record });
    const { user } = renderRoute(CHART_PATH);
    const section = within(
      (await screen.findByRole('heading', { name: 'Identity photos' })).closest('section') as HTMLElement,
    );
    expect(screen.getAllByText('Verification Pending').length).toBeGreaterThan(0);
    await user.click(section.getByRole('button', { name: 'Verify identity' }));
    await section.findByText('Identity verified. The patient has been told.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({ status: 'completed' });
    await waitFor(() => expect(screen.getAllByText('Verified Account').length).toBeGreaterThan(0));
    expect(section.queryByRole('button', { name: 'Verify identity' })).not.toBeInTheDocument();
    expect(section.getByText(/name, sex and birthday are locked/)).toBeInTheDocument();
  });

  it('rejecting asks for the reason the patient reads, in a confirmation dialog', async () => {
    signInStaff('physician');
    const server = chartRecording();
    const requests = mockApi({ [CHART]: server.chart, [IDENTITY]: server.record });
    const { user } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Reject' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Reject the identity photos' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm rejection' }));
    expect(dialog.getByText('Write what the patient should do.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Reject' }));
    const again = within(await screen.findByRole('dialog', { name: 'Reject the identity photos' }));
    await user.type(again.getByLabelText(/Reason/), 'The ID photo is cut off.');
    await user.click(again.getByRole('button', { name: 'Confirm rejection' }));
    await screen.findByText('Identity rejected. The patient has been asked for new photos.');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      status: 'rejected',
      reason: 'The ID photo is cut off.',
    });
    await waitFor(() => expect(screen.getAllByText('Verification Rejected').length).toBeGreaterThan(0));
    expect(screen.getByText('New photo requested')).toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    signInStaff('care_team');
    mockApi({
      [CHART]: json(200, chart()),
      [IDENTITY]: json(403, { text: 'Forbidden', message: 'You are not allowed to do this.' }),
    });
    const { user } = renderRoute(CHART_PATH);
    await user.click(await screen.findByRole('button', { name: 'Verify identity' }));
    await screen.findByText('You are not allowed to do this.');
  });

  it('offers no identity action to an admin', async () => {
    signInStaff('admin');
    mockApi({ [CHART]: json(200, chart()) });
    renderRoute(CHART_PATH);
    await screen.findByRole('heading', { name: 'Identity photos' });
    expect(screen.queryByRole('button', { name: 'Verify identity' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reject' })).not.toBeInTheDocument();
  });
});
