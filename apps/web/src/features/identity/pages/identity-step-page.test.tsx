import type { Intake } from '@portal/domain/contracts/intake';
import { MESSAGES } from '@portal/domain/messages';
import { formatSlotTime } from '@portal/domain/scheduling/format-slot';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetRaisedAlerts } from '../../../api/alerts';
import { patientTimeZone } from '../../../lib/time-zone';
import { mediaError, stubCamera } from '../../../test/camera-stub';
import { INTAKE_ID, intake, intakePath } from '../../../test/fixtures/funnel';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const IMAGES = `/users/${ORG_ID}/user/${USER_ID}/patient/images`;
const UPLOAD = `/patient-identification/${ORG_ID}`;
const VISIT = `/consultation/identification-step/${INTAKE_ID}/t`;
const CHECKOUT = `/consultation/checkout/${INTAKE_ID}`;
const STORED = {
  id_url: '/v2/media/0123456789abcdef01234567',
  profile_url: '/v2/media/0123456789abcdef01234568',
};

type Routes = Parameters<typeof mockApi>[0];

function api(
  opts: { images?: typeof STORED | { id_url: null; profile_url: null }; intake?: Partial<Intake> } = {},
  extra: Routes = {},
) {
  return mockApi({
    [`GET ${IMAGES}`]: json(200, opts.images ?? { id_url: null, profile_url: null }),
    [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(200, patient()),
    [`GET ${intakePath}`]: json(200, intake(opts.intake)),
    [`POST ${UPLOAD}`]: json(200, {}),
    ...extra,
  });
}

/** The multipart fields of the upload calls, in order. */
function uploads(): Record<string, FormDataEntryValue>[] {
  return vi
    .mocked(fetch)
    .mock.calls.filter(([input]) => String(input).includes(UPLOAD))
    .map(([, init]) => Object.fromEntries((init!.body as FormData).entries()));
}

let camera: ReturnType<typeof stubCamera> | undefined;
beforeEach(() => {
  setOrganization();
  signIn();
  forgetRaisedAlerts();
});
afterEach(() => {
  camera?.restore();
  camera = undefined;
});

describe('identity stages: flow and back links', () => {
  it('verify_account explains, offers photos, a call and "I\'ll do this later" to checkout', async () => {
    api();
    const { router, user } = renderRoute(`${VISIT}/verify_account?product=p1`);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    expect(screen.getByText('A photo of your government-issued ID')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/profile`,
    );
    expect(screen.getByRole('link', { name: "I'll do this later" })).toHaveAttribute(
      'href',
      `${CHECKOUT}?product=p1`,
    );
    await user.click(screen.getByRole('button', { name: 'Schedule a verification call' }));
    expect(currentUrl(router)).toBe(`${VISIT}/schedule?product=p1`);
    // each step is drawn before its links are followed (the Back link of the step before leads elsewhere)
    await screen.findByRole('heading', { level: 1, name: 'Schedule a verification call' });
    await user.click(screen.getByRole('link', { name: /Back/ }));
    await screen.findByRole('heading', { level: 1, name: 'Verify your identity' });
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(currentUrl(router)).toBe(`${VISIT}/id_image?product=p1`);
    await screen.findByRole('heading', { name: 'Take a photo of your ID' });
  });

  it('with both photos on file leads to existing_identity and hides "I\'ll do this later"', async () => {
    api({ images: STORED });
    const { router, user } = renderRoute(`${VISIT}/verify_account`);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    expect(screen.queryByRole('link', { name: "I'll do this later" })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(currentUrl(router)).toBe(`${VISIT}/existing_identity`);
    await screen.findByRole('heading', { name: 'Your identity photos' });
    expect(screen.queryByRole('link', { name: "I'll do this later" })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back/ })).toHaveAttribute('href', `${VISIT}/verify_account`);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(CHECKOUT));
  });

  it('existing_identity with a missing selfie offers it and "I\'ll do this later"', async () => {
    api({ images: { ...STORED, profile_url: null } as unknown as typeof STORED });
    const { router, user } = renderRoute(`${VISIT}/existing_identity`);
    await screen.findByRole('heading', { name: 'Your identity photos' });
    expect(screen.getByText('Not uploaded yet')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Replace ID photo' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: "I'll do this later" })).toHaveAttribute('href', CHECKOUT);
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(currentUrl(router)).toBe(`${VISIT}/profile_image`);
  });

  it('on /verification "I\'ll do this later" and Back go to the dashboard', async () => {
    api();
    renderRoute(`/verification/${USER_ID}/verify_account`);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    expect(screen.getByRole('link', { name: "I'll do this later" })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/profile`,
    );
  });

  it('back links follow the verification rules', async () => {
    camera = stubCamera();
    api();
    const cases: [string, string][] = [
      ['id_image', 'existing_identity'],
      ['profile_image', 'existing_identity'],
      ['existing_identity', 'verify_account'],
      ['schedule', 'verify_account'],
    ];
    for (const [step, back] of cases) {
      const view = renderRoute(`/verification/${USER_ID}/${step}`);
      const link = await screen.findByRole('link', { name: /Back/ });
      expect(link, step).toHaveAttribute('href', `/verification/${USER_ID}/${back}`);
      if (step !== 'existing_identity')
        expect(screen.queryByRole('link', { name: "I'll do this later" }), step).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('shows the ID/Profile Image Mismatch alert when the photos need attention, and tells the clinic once', async () => {
    signIn(patient({ image: { requires_user_attention: true } }));
    const ALERT = `POST /alerts/${ORG_ID}/create/image-mismatch`;
    const requests = mockApi({
      [`GET ${IMAGES}`]: json(200, STORED),
      [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(
        200,
        patient({ image: { requires_user_attention: true } }),
      ),
      [ALERT]: json(201, {
        _id: '65a1b2c3d4e5f6a7b8c9d105',
        kind: 'image-mismatch',
        label: MESSAGES.imageMismatch,
        patient_id: USER_ID,
        status: 'open',
        created_at: '2026-06-10T12:00:00.000Z',
      }),
    });
    const { router, user } = renderRoute(`/verification/${USER_ID}/verify_account`);
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.imageMismatch);
    const alerts = () => requests.filter((r) => `${r.method} ${r.path}` === ALERT);
    await waitFor(() => expect(alerts()).toHaveLength(1));

    // the next step shows the mismatch again; the clinic is not told twice
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/verification/${USER_ID}/existing_identity`));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.imageMismatch);
    expect(alerts()).toHaveLength(1);
  });

  it('tells the clinic nothing when the photos need no attention', async () => {
    const requests = api({ images: STORED });
    renderRoute(`/verification/${USER_ID}/verify_account`);
    await screen.findByRole('heading', { name: 'Verify your identity' });
    await waitFor(() =>
      expect(requests.some((r) => r.path === `/users/${ORG_ID}/user/${USER_ID}/patient`)).toBe(true),
    );
    expect(screen.queryByText(MESSAGES.imageMismatch)).not.toBeInTheDocument();
    expect(requests.some((r) => r.path.startsWith('/alerts/'))).toBe(false);
  });
});

describe('taking the photos with the camera', () => {
  it('captures, retakes and uploads the ID then the selfie, then goes to checkout', async () => {
    camera = stubCamera();
    api();
    const { router, user } = renderRoute(`${CHECKOUT}/t/id_image?product=p1`);
    await screen.findByRole('heading', { name: 'Take a photo of your ID' });
    const take = await screen.findByRole('button', { name: 'Take Photo' });
    await waitFor(() => expect(take).toBeEnabled());
    expect(camera.getUserMedia).toHaveBeenCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'environment' } }) }),
    );
    expect(screen.getByLabelText('Camera preview')).toBeInTheDocument();

    await user.click(take);
    expect(await screen.findByRole('img', { name: 'Preview of your ID photo' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    // The camera is released while the photo is previewed.
    expect(camera.tracks[0]!.stop).toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Retake' }));
    await waitFor(() => expect(camera!.getUserMedia).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take Photo' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(currentUrl(router)).toBe(`${CHECKOUT}/t/profile_image?product=p1`));
    const [idUpload] = uploads();
    expect(idUpload).toMatchObject({
      client_id: USER_ID,
      image_type: 'id_images',
      reupload_image: 'false',
      intake: INTAKE_ID,
    });
    expect((idUpload!.file as File).type).toBe('image/jpeg');
    expect((idUpload!.file as File).name).toBe('id-photo.jpg');

    await screen.findByRole('heading', { name: 'Take a selfie' });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Take Photo' })).toBeEnabled());
    expect(camera.getUserMedia).toHaveBeenLastCalledWith(
      expect.objectContaining({ video: expect.objectContaining({ facingMode: { ideal: 'user' } }) }),
    );
    await user.click(screen.getByRole('button', { name: 'Take Photo' }));
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${CHECKOUT}?product=p1`));
    expect(uploads()[1]).toMatchObject({ image_type: 'profile_images', client_id: USER_ID });
    // Every camera stream opened was stopped.
    for (const track of camera.tracks) expect(track.stop).toHaveBeenCalled();
  });

  it('marks a reupload when the visit awaits the patient’s update', async () => {
    camera = stubCamera();
    api({ intake: { awaiting_patient_update: { is_awaiting: true, reason: 'Blurry ID', hold_date: null } } });
    const { user } = renderRoute(`${VISIT}/id_image`);
    const take = await screen.findByRole('button', { name: 'Take Photo' });
    await waitFor(() => expect(take).toBeEnabled());
    await user.click(take);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(uploads()[0]).toMatchObject({ reupload_image: 'true' }));
  });

  it('on /verification, marks a reupload when the care team asked for new photos (no photo on file)', async () => {
    camera = stubCamera();
    api(
      {},
      {
        [`GET /users/${ORG_ID}/user/${USER_ID}/patient`]: json(
          200,
          patient({ image: { requires_user_attention: true } }),
        ),
      },
    );
    const { user } = renderRoute(`/verification/${USER_ID}/id_image`);
    const take = await screen.findByRole('button', { name: 'Take Photo' });
    await waitFor(() => expect(take).toBeEnabled());
    await user.click(take);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(uploads()[0]).toMatchObject({ reupload_image: 'true' }));
    expect(uploads()[0]).not.toHaveProperty('intake');
  });

  it('on /verification the selfie upload ends on the dashboard profile', async () => {
    camera = stubCamera();
    api();
    const { router, user } = renderRoute(`/verification/${USER_ID}/profile_image`);
    const take = await screen.findByRole('button', { name: 'Take Photo' });
    await waitFor(() => expect(take).toBeEnabled());
    await user.click(take);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/profile`));
    expect(uploads()[0]).not.toHaveProperty('intake');
  });
});

describe('camera denied or missing', () => {
  it('opens the help panel for Chrome, Firefox and Safari with Upload Image', async () => {
    camera = stubCamera(mediaError('NotAllowedError'));
    api();
    const { router, user } = renderRoute(`${VISIT}/id_image`);
    const panel = await screen.findByRole('dialog', { name: 'Allow camera access' });
    for (const browser of ['Chrome', 'Firefox', 'Safari']) {
      expect(within(panel).getByRole('heading', { name: browser })).toBeInTheDocument();
    }
    expect(within(panel).getByText(/blocking the camera/)).toBeInTheDocument();
    await user.click(within(panel).getByRole('button', { name: 'Upload Image' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take Photo' })).not.toBeInTheDocument();

    const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'license.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose your ID photo from your files'), file);
    await screen.findByRole('img', { name: 'Preview of your ID photo' });
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${VISIT}/profile_image`));
    expect((uploads()[0]!.file as File).name).toBe('license.png');
    // A new step asks for the camera again: the patient may have allowed it meanwhile.
    await screen.findByRole('heading', { name: 'Take a selfie' });
  });

  it('treats a missing camera like a refusal, with its own explanation', async () => {
    camera = stubCamera(mediaError('NotFoundError'));
    api();
    renderRoute(`${VISIT}/profile_image`);
    const panel = await screen.findByRole('dialog', { name: 'Allow camera access' });
    expect(within(panel).getByText(/could not find a camera/)).toBeInTheDocument();
    await userClose(panel);
    expect(screen.getByText('No camera is available.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Upload Image' })).toBeInTheDocument();
  });
});

async function userClose(panel: HTMLElement) {
  within(panel).getByRole('button', { name: 'Close' }).click();
  await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
}

describe('upload errors', () => {
  async function chooseAndSend(user: ReturnType<typeof renderRoute>['user'], file: File) {
    await user.upload(screen.getByLabelText('Choose your ID photo from your files'), file);
    await user.click(await screen.findByRole('button', { name: 'Continue' }));
  }
  const png = () => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'id.png', { type: 'image/png' });

  it('shows the size message for FileSizeLimitError', async () => {
    camera = stubCamera(mediaError('NotFoundError'));
    api(
      {},
      {
        [`POST ${UPLOAD}`]: json(400, {
          text: 'FileSizeLimitError',
          message: 'File size too big. Please make sure image is under 10mb.',
        }),
      },
    );
    const { user } = renderRoute(`${VISIT}/id_image`);
    await userClose(await screen.findByRole('dialog'));
    await chooseAndSend(user, png());
    await screen.findByText(MESSAGES.fileTooBig);
  });

  it('shows the generic message with Retry, and Retry uploads again', async () => {
    camera = stubCamera(mediaError('NotFoundError'));
    let calls = 0;
    api(
      {},
      {
        [`POST ${UPLOAD}`]: () => {
          calls += 1;
          return calls === 1 ? json(500, { text: 'NetworkError', message: 'boom' }) : json(200, {});
        },
      },
    );
    const { router, user } = renderRoute(`${VISIT}/id_image`);
    await userClose(await screen.findByRole('dialog'));
    await chooseAndSend(user, png());
    await screen.findByText('There was an error uploading your file. Please try again.');
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`${VISIT}/profile_image`));
    expect(calls).toBe(2);
  });

  it('checks size in the browser before uploading', async () => {
    camera = stubCamera(mediaError('NotFoundError'));
    api();
    const { user } = renderRoute(`${VISIT}/id_image`);
    await userClose(await screen.findByRole('dialog'));
    const big = new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    await user.upload(screen.getByLabelText('Choose your ID photo from your files'), big);
    await screen.findByText(MESSAGES.fileTooBig);
    expect(screen.queryByRole('button', { name: 'Continue' })).not.toBeInTheDocument();
    expect(uploads()).toHaveLength(0);
  });
});

describe('schedule a verification call', () => {
  const SLOTS = [
    { start_time: '2030-03-04T17:00:00.000Z', end_time: '2030-03-04T17:30:00.000Z' },
    { start_time: '2030-03-04T17:30:00.000Z', end_time: '2030-03-04T18:00:00.000Z' },
    { start_time: '2030-03-06T17:00:00.000Z', end_time: '2030-03-06T17:30:00.000Z' },
  ];
  const availability = json(200, {
    kind: 'user-verification',
    slot_minutes: 30,
    from: '2030-03-04T00:00:00.000Z',
    to: '2030-03-18T00:00:00.000Z',
    slots: SLOTS,
  });
  const appointment = {
    _id: '0123456789abcdef01234569',
    event: {
      name: 'Identity Verification Call',
      start_time: SLOTS[2]!.start_time,
      end_time: SLOTS[2]!.end_time,
      canceled: false,
      external_source: 'portal',
      uuid: null,
      location: null,
    },
    event_type: { kind: 'user-verification' },
    physician: { _id: '0123456789abcdef0123456a', name: 'Maya Okafor, MD' },
    subscription_id: null,
    created_at: '2030-03-01T00:00:00.000Z',
  };
  const label = (iso: string) => formatSlotTime(new Date(iso), patientTimeZone());

  it('books a picked time and continues to checkout', async () => {
    const requests = api(
      {},
      {
        'GET /v2/appointments/availability': availability,
        'POST /v2/appointments': json(201, appointment),
      },
    );
    const { router, user } = renderRoute(`${VISIT}/schedule`);
    await screen.findByRole('heading', { name: 'Schedule a verification call' });
    const days = await screen.findByRole('group', { name: 'Choose a day' });
    const dayButtons = within(days).getAllByRole('button');
    expect(dayButtons).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await user.click(dayButtons[1]!);
    expect(dayButtons[1]).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: label(SLOTS[2]!.start_time) }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));

    await screen.findByRole('heading', { name: 'Your call is booked' });
    expect(screen.getByText('With Maya Okafor, MD')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View your appointments' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/appointments`,
    );
    const booking = requests.find((r) => r.method === 'POST' && r.path === '/v2/appointments');
    expect(booking?.body).toEqual({
      kind: 'user-verification',
      start_time: SLOTS[2]!.start_time,
      time_zone: patientTimeZone(),
    });
    await user.click(screen.getByRole('button', { name: 'Continue to checkout' }));
    await waitFor(() => expect(currentUrl(router)).toBe(CHECKOUT));
  });

  it('explains a time taken meanwhile (409) and reloads the open times', async () => {
    const requests = api(
      {},
      {
        'GET /v2/appointments/availability': availability,
        'POST /v2/appointments': json(409, {
          text: 'SlotTaken',
          message: 'This time was just booked by someone else. Please choose another time.',
        }),
      },
    );
    const { user } = renderRoute(`/verification/${USER_ID}/schedule`);
    await user.click(await screen.findByRole('button', { name: label(SLOTS[0]!.start_time) }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await screen.findByText('This time was just booked by someone else. Please choose another time.');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeDisabled();
    await waitFor(() =>
      expect(requests.filter((r) => r.path.startsWith('/v2/appointments/availability'))).toHaveLength(2),
    );
    expect(screen.queryByRole('heading', { name: 'Your call is booked' })).not.toBeInTheDocument();
  });
});
