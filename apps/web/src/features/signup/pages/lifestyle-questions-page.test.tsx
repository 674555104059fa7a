import { LIFESTYLE_QUESTIONS } from '@portal/domain/signup/lifestyle';
import { act, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  currentUrl,
  json,
  mockApi,
  patient,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';

const LIFESTYLE = `GET /v2/users/${USER_ID}/lifestyle`;
const PATCH = `PATCH /v2/users/${USER_ID}`;
const total = LIFESTYLE_QUESTIONS.length;
const stepOf = (slug: string) => LIFESTYLE_QUESTIONS.findIndex((q) => q.slug === slug) + 1;

function api(
  answers: Record<string, string | string[]> = {},
  overrides: Record<string, Response | ((r: RecordedRequest) => Response)> = {},
) {
  return mockApi({
    [LIFESTYLE]: json(200, { questions: LIFESTYLE_QUESTIONS, answers, complete: false }),
    [PATCH]: json(200, patient()),
    ...overrides,
  });
}

describe('/signup/questions (Lifestyle and Goals)', () => {
  beforeEach(() => {
    setOrganization();
    signIn();
  });

  it('starts at step 1 with a progress bar and clamps a step beyond the count', async () => {
    api();
    const first = renderRoute('/signup/questions');
    await screen.findByRole('heading', { name: 'Lifestyle and Goals' });
    expect(screen.getByRole('group', { name: LIFESTYLE_QUESTIONS[0]!.question })).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuetext', `Question 1 of ${total}`);
    first.unmount();
    renderRoute('/signup/questions?step=99');
    expect(await screen.findByRole('progressbar')).toHaveAttribute(
      'aria-valuetext',
      `Question ${total} of ${total}`,
    );
  });

  it('saves a single-select answer and continues after 300 ms', async () => {
    const requests = api();
    const setup = renderRoute('/signup/questions?step=1');
    const option = LIFESTYLE_QUESTIONS[0]!.options[1]!;
    await screen.findByRole('radio', { name: option });
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await setup.user.click(screen.getByRole('radio', { name: option }));
    await waitFor(() => expect(requests.some((r) => r.method === 'PATCH')).toBe(true));
    expect(currentUrl(setup.router)).toBe('/signup/questions?step=1');
    await act(async () => {
      vi.advanceTimersByTime(300);
    });
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/questions?step=2'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      medical_profile: { lifestyle: { [LIFESTYLE_QUESTIONS[0]!.slug]: option } },
    });
  });

  it('asks for details after Other and stores "Other: {text}"', async () => {
    const requests = api();
    const step = stepOf('biggest_challenge');
    const setup = renderRoute(`/signup/questions?step=${step}`);
    await setup.user.click(await screen.findByRole('radio', { name: 'Other' }));
    expect(requests.some((r) => r.method === 'PATCH')).toBe(false);
    const continueButton = screen.getByRole('button', { name: 'Continue' });
    expect(continueButton).toBeDisabled();
    await setup.user.type(screen.getByLabelText('Please provide additional details:'), 'Night shifts');
    await setup.user.click(continueButton);
    await waitFor(() => expect(currentUrl(setup.router)).toBe(`/signup/questions?step=${step + 1}`));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      medical_profile: { lifestyle: { biggest_challenge: 'Other: Night shifts' } },
    });
  });

  it('needs one or more multi-select answers, then continues the signup to the checkout after the last step', async () => {
    const requests = api({ focus_areas: ['Sleep'] });
    const step = stepOf('focus_areas');
    expect(step).toBe(total);
    const setup = renderRoute(`/signup/questions?step=${step}`);
    const sleep = await screen.findByRole('checkbox', { name: 'Sleep' });
    expect(sleep).toBeChecked();
    await setup.user.click(sleep);
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await setup.user.click(screen.getByRole('checkbox', { name: 'Nutrition' }));
    await setup.user.click(screen.getByRole('checkbox', { name: 'Sleep' }));
    await setup.user.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(currentUrl(setup.router)).toBe('/signup/checkout'));
    expect(requests.find((r) => r.method === 'PATCH')?.body).toEqual({
      medical_profile: { lifestyle: { focus_areas: ['Nutrition', 'Sleep'] } },
    });
  });

  it('continues when saving fails (only logged)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    api({}, { [PATCH]: json(500, { text: 'ServerError', message: 'Down' }) });
    const setup = renderRoute(`/signup/questions?step=${stepOf('exercise_frequency')}`);
    await setup.user.click(await screen.findByRole('radio', { name: '1-2 times a week' }));
    await waitFor(() =>
      expect(currentUrl(setup.router)).toBe(`/signup/questions?step=${stepOf('exercise_frequency') + 1}`),
    );
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('continues the signup to the checkout when the questions cannot be loaded', async () => {
    mockApi({ [LIFESTYLE]: json(500, { text: 'ServerError', message: 'Down' }) });
    const { router } = renderRoute('/signup/questions');
    await waitFor(() => expect(currentUrl(router)).toBe('/signup/checkout'));
  });
});
