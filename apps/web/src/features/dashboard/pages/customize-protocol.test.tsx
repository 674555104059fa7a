import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { reducedMotion, SUB_ID, subscription, withoutCanvas } from '../test/fixtures';

const HOME = `/dashboard/${USER_ID}/profile`;
const SUBSCRIPTIONS = `GET /users/${ORG_ID}/user/${USER_ID}/subscriptions`;
const REQUEST = `POST /v2/subscriptions/${SUB_ID}/request-prescription-change`;
const METFORMIN = '5ab000000000000000000002';

const subscriptions = () =>
  json(200, [
    subscription(),
    subscription({ _id: METFORMIN, name: 'Metformin ER', product_plans: [] }),
    subscription({ _id: '5ab000000000000000000003', name: 'NAD+ Nasal Spray', status: 'paused' }),
    subscription({ _id: '5ab000000000000000000004', name: 'Omega-3', type: 'supplement' }),
  ]);

async function openPanel() {
  const view = renderRoute(HOME);
  const widget = await screen.findByRole('region', { name: 'Customize Your Protocol' });
  await view.user.click(within(widget).getByRole('button', { name: 'Customize Protocol' }));
  const panel = await screen.findByRole('dialog', { name: 'Customize Protocol' });
  return { ...view, panel };
}

describe('Customize Protocol panel', () => {
  beforeEach(() => {
    setOrganization();
    signIn(patient({ mobile_verified: true, verificationStatus: 'completed' }));
    withoutCanvas();
  });

  it('lists only the active medication subscriptions', async () => {
    mockApi({ [SUBSCRIPTIONS]: subscriptions() });
    const { panel } = await openPanel();
    const choices = within(panel).getAllByRole('button', { name: /^Customize / });
    expect(choices.map((c) => c.getAttribute('aria-label'))).toEqual([
      'Customize Generic Rapamycin',
      'Customize Metformin ER',
    ]);
    expect(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' })).toHaveTextContent(
      '6 mg · Once weekly',
    );
  });

  it('starts on Other, sends the chosen action with the details, then shows the success panel with confetti', async () => {
    const requests = mockApi({
      [SUBSCRIPTIONS]: subscriptions(),
      [REQUEST]: json(201, {
        _id: 'r'.padEnd(24, '0'),
        subscription: SUB_ID,
        status: 'prescription_requested',
      }),
    });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    const group = within(panel).getByRole('group', { name: 'What would you like to change?' });
    expect(within(group).getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Raise my dosage' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Lower my dosage' })).not.toBeChecked();
    await user.click(within(group).getByRole('radio', { name: 'Raise my dosage' }));
    await user.type(within(panel).getByRole('textbox', { name: 'Details' }), 'No side effects so far.');
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));

    const success = await screen.findByRole('dialog', { name: 'Request Submitted' });
    expect(success).toHaveTextContent(
      'Your protocol request has been successfully submitted! A member of our clinical team will be in touch soon with updates on your protocol.',
    );
    expect(screen.queryByRole('dialog', { name: 'Customize Protocol' })).not.toBeInTheDocument();
    const confetti = document.querySelector('.confetti');
    expect(confetti).toHaveAttribute('aria-hidden', 'true');
    expect(confetti?.querySelector('canvas')).toHaveAttribute('data-pieces', '100');
    expect(requests.find((r) => r.method === 'POST')?.body).toEqual({
      requestType: 'RaiseDosage',
      comment: 'No side effects so far.',
    });
    await user.click(within(success).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Request Submitted' })).toBeNull());
    expect(document.querySelector('.confetti')).toBeNull();
  });

  it('shows the error and stays on the customize view when the request fails', async () => {
    mockApi({
      [SUBSCRIPTIONS]: subscriptions(),
      [REQUEST]: json(400, { text: 'ValidationError', message: 'Not customizable.' }),
    });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));
    expect(await within(panel).findByRole('alert')).toHaveTextContent(MESSAGES.customizeFailure);
    expect(within(panel).getByRole('radio', { name: 'Other' })).toBeChecked();
    expect(screen.queryByRole('dialog', { name: 'Request Submitted' })).not.toBeInTheDocument();
  });

  it('goes back to the list', async () => {
    mockApi({ [SUBSCRIPTIONS]: subscriptions() });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Metformin ER' }));
    expect(within(panel).getByRole('heading', { name: 'Metformin ER' })).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: /Back to treatments/ }));
    expect(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' })).toBeInTheDocument();
  });

  it('leaves the confetti out for reduced motion', async () => {
    reducedMotion(true);
    mockApi({ [SUBSCRIPTIONS]: subscriptions(), [REQUEST]: json(201, {}) });
    const { panel, user } = await openPanel();
    await user.click(within(panel).getByRole('button', { name: 'Customize Generic Rapamycin' }));
    await user.click(within(panel).getByRole('button', { name: 'Submit Request' }));
    await screen.findByRole('dialog', { name: 'Request Submitted' });
    expect(document.querySelector('.confetti')).toBeNull();
  });
});
