import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  MERCHANT_PATH,
  ORG_ID,
  renderRoute,
  SANDBOX_MERCHANT,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import {
  findToast,
  mockSettingsApi,
  PATIENT_PATH,
  profiled,
  SETTINGS,
  setOrganizationWith,
  USER_PATH,
} from '../test/fixtures';

const region = (name: string) => screen.findByRole('region', { name });
beforeEach(() => setOrganizationWith(true));

describe('shipping address', () => {
  const address = {
    first_name: 'Jane',
    last_name: 'Doe',
    street_address: '1 Main St',
    apt_suite: '',
    city: 'Austin',
    state: 'TX',
    zip_code: '78701',
    country: 'us',
    phone_number: '(512) 555-0188',
  };

  it('shows the settings messages and saves through update-shipping', async () => {
    const user = profiled({ shipping_info: address });
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`PUT ${USER_PATH}/update-shipping`]: (r) =>
        json(200, { ...user, shipping_info: (r.body as { shipping_info: object }).shipping_info }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/shipping`);
    const section = await region('Shipping Address');
    const zip = within(section).getByLabelText('ZIP code');
    await u.clear(zip);
    await u.type(zip, '787');
    await u.click(within(section).getByRole('button', { name: 'Save Shipping Address' }));
    expect(within(section).getByText('Invalid zip code.')).toBeInTheDocument();
    expect(requests.some((r) => r.method === 'PUT')).toBe(false);

    await u.type(zip, '02');
    await u.clear(within(section).getByLabelText('Street address'));
    await u.type(within(section).getByLabelText('Street address'), '2 Oak Ave');
    await u.click(within(section).getByRole('button', { name: 'Save Shipping Address' }));
    expect(await findToast('status')).toHaveTextContent('Shipping address updated successfully');
    expect(requests.find((r) => r.method === 'PUT')?.body).toEqual({
      shipping_info: { ...address, street_address: '2 Oak Ave', zip_code: '78702' },
    });
  });
});

describe('payment information', () => {
  it('shows the saved card, offers Save Card only for a complete entry and maps 400 and 402', async () => {
    const user = profiled({ stripe_id: 'cus_1', has_card_source: true });
    signIn(user);
    const answers = [
      json(400, { text: 'CardDeclined', message: 'Your card was declined.' }),
      json(402, { text: 'CardError', message: 'Your card has insufficient funds.' }),
      json(200, { stripe_id: 'cus_1' }),
    ];
    const requests = mockSettingsApi(user, {
      [`GET ${MERCHANT_PATH}`]: json(200, SANDBOX_MERCHANT),
      [`GET /billing/${ORG_ID}/patient/${USER_ID}/card`]: () =>
        json(200, { brand: 'visa', last4: '4242', exp_month: 4, exp_year: 2031 }),
      'POST /sandbox/payments/tokens': () => json(201, { id: 'tok_1.sig', card: {} }),
      [`PUT ${USER_PATH}/add-card`]: () => answers.shift()!,
    });
    const { user: u } = renderRoute(`${SETTINGS}/billing`);
    const section = await region('Payment Information');
    await within(section).findByText('visa');
    expect(within(section).getByText('•••• 4242')).toBeInTheDocument();
    expect(within(section).getByText('04/2031')).toBeInTheDocument();
    expect(
      within(section).getByText(
        'We accept Visa, MasterCard, Discover and American Express. HSA/FSA cards are accepted.',
      ),
    ).toBeInTheDocument();

    await u.type(await within(section).findByLabelText('Card number'), '4242424242424242');
    await u.type(within(section).getByLabelText('Expiry date'), '1230');
    expect(within(section).queryByRole('button', { name: 'Save Card' })).not.toBeInTheDocument();
    await u.type(within(section).getByLabelText('CVC'), '123');
    const save = await within(section).findByRole('button', { name: 'Save Card' });

    await u.click(save);
    expect(await within(section).findByRole('alert')).toHaveTextContent('Invalid Credit Card');
    await u.click(within(section).getByRole('button', { name: 'Save Card' }));
    await waitFor(() =>
      expect(within(section).getByRole('alert')).toHaveTextContent('Your card has insufficient funds.'),
    );
    await u.click(within(section).getByRole('button', { name: 'Save Card' }));
    expect(await findToast('status')).toHaveTextContent('Credit card updated successfully');
    expect(requests.filter((r) => r.path.endsWith('/add-card')).at(-1)?.body).toMatchObject({
      token: 'tok_1.sig',
      charge: false,
    });
    expect(within(section).queryByRole('button', { name: 'Save Card' })).not.toBeInTheDocument();
  });
});

describe('profile image', () => {
  it('previews an upload with Retake, saves it and refreshes the patient 2 seconds later', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user, {
      [`POST /patient-identification/${ORG_ID}`]: json(200, {
        profile: { profile_url: '/v2/media/abc', date_uploaded: '2026-01-01' },
      }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/image`);
    const section = await region('Profile Image');
    expect(within(section).getByText('No profile image yet')).toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Take Photo' })).toBeInTheDocument();
    const input = within(section).getByLabelText('Choose a profile image from your files');
    await u.upload(input, new File(['x'], 'me.png', { type: 'image/png' }));
    expect(within(section).getByRole('img', { name: 'Preview of your new selfie' })).toBeInTheDocument();
    // Retake goes to the camera; jsdom has none, so the camera help opens with the upload fallback.
    await u.click(within(section).getByRole('button', { name: 'Retake' }));
    const help = await screen.findByRole('dialog', { name: 'Allow camera access' });
    await u.click(within(help).getByRole('button', { name: 'Close' }));
    expect(within(section).queryByRole('button', { name: 'Take Photo' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
    await u.upload(input, new File(['y'], 'me2.png', { type: 'image/png' }));
    await u.click(within(section).getByRole('button', { name: 'Save Photo' }));
    expect(await findToast('status')).toHaveTextContent('Photo updated successfully');

    const fetches = () => requests.filter((r) => r.method === 'GET' && r.path === PATIENT_PATH).length;
    const before = fetches();
    await act(async () => {
      vi.advanceTimersByTime(1900);
    });
    expect(fetches()).toBe(before);
    await act(async () => {
      vi.advanceTimersByTime(200);
    });
    await waitFor(() => expect(fetches()).toBe(before + 1));
  });

  it('hides the save button on a file-size error', async () => {
    const user = profiled();
    signIn(user);
    mockSettingsApi(user, {
      [`POST /patient-identification/${ORG_ID}`]: json(400, {
        text: 'FileSizeLimitError',
        message: 'File size too big. Please make sure image is under 10mb.',
      }),
    });
    const { user: u } = renderRoute(`${SETTINGS}/image`);
    const section = await region('Profile Image');
    await u.upload(
      within(section).getByLabelText('Choose a profile image from your files'),
      new File(['x'], 'me.jpg', { type: 'image/jpeg' }),
    );
    await u.click(within(section).getByRole('button', { name: 'Save Photo' }));
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'File size too big. Please make sure image is under 10mb.',
    );
    expect(within(section).queryByRole('button', { name: 'Save Photo' })).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Retake' })).toBeInTheDocument();
  });

  it('refuses a file that is not an image before uploading', async () => {
    const user = profiled();
    signIn(user);
    const requests = mockSettingsApi(user);
    renderRoute(`${SETTINGS}/image`);
    const section = await region('Profile Image');
    // The picker's accept list would hide it; a drop or an older browser can still hand one over.
    fireEvent.change(within(section).getByLabelText('Choose a profile image from your files'), {
      target: { files: [new File(['x'], 'notes.pdf', { type: 'application/pdf' })] },
    });
    expect(await within(section).findByRole('alert')).toHaveTextContent(
      'Please upload a PNG, JPG, TIFF or HEIC image.',
    );
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
  });
});
