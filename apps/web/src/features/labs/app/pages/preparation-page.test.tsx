import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  patient,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../../test/helpers';
import { M_LATEST, M_PANEL, preparation } from '../test/marker-fixtures';

const PREP = `GET /v2/labs/patient/panels/${M_PANEL}/preparation-guidelines`;
const APPOINTMENT = `GET /v2/labs/patient/panels/${M_PANEL}/appointment`;
const FORM = `GET /v2/labs/results/${M_LATEST}/form/download`;
const PAGE = `/labs/${M_PANEL}/preparation-guideline`;

beforeEach(() => {
  setOrganization();
  signIn(patient({ feature_flags: { labs2: true } }));
});

function serve(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [PREP]: json(200, preparation()),
    [APPOINTMENT]: json(200, { panelId: M_PANEL, reportId: M_LATEST, appointment: null, payable: false }),
    ...extra,
  });
}

const visit = () => screen.getByRole('region', { name: 'Your lab visit' });

describe('preparation guideline page', () => {
  it('shows the panel, the fasting and no-exercise hours from the API and the guidelines as a checklist', async () => {
    serve({ [PREP]: json(200, preparation({ fastingHours: 10, noExerciseHours: 24 })) });
    renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Preparation Guideline' });
    expect(screen.getByText('Comprehensive Longevity Panel')).toBeInTheDocument();
    expect(
      screen.getByRole('navigation', { name: 'Comprehensive Longevity Panel sections' }),
    ).toBeInTheDocument();
    const facts = screen.getByRole('list', { name: 'Before your blood draw' });
    expect(
      within(facts)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      '10 hoursof fasting before the draw: water only',
      '24 hourswithout strenuous exercise before the draw',
    ]);
    const checklist = screen.getByRole('region', { name: 'Your checklist' });
    expect(
      within(checklist)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(preparation().guidelines);
    expect(within(visit()).getByRole('link', { name: 'Lab instructions' })).toHaveAttribute(
      'href',
      '/lab-instructions',
    );
  });

  it("downloads the latest report's requisition form", async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:form');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = serve({
      [FORM]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="lab-requisition.pdf"',
          },
        }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download lab requisition' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('lab-requisition.pdf');
    expect(requests.some((r) => r.path === `/v2/labs/results/${M_LATEST}/form/download`)).toBe(true);
    expect(within(visit()).queryByRole('alert')).toBeNull();
  });

  it('says the requisition is not ready when the API answers 400 RequisitionNotReady, with Message Us', async () => {
    serve({ [FORM]: json(400, { text: 'RequisitionNotReady', message: MESSAGES.requisitionNotReady }) });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download lab requisition' }));
    const alert = await within(visit()).findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.requisitionNotReady);
    expect(within(alert).getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
  });

  it('offers no requisition download when the panel has no report to download it for', async () => {
    serve({ [APPOINTMENT]: json(404, { text: 'NotFound', message: 'Not found' }) });
    renderRoute(PAGE);
    await screen.findByRole('link', { name: 'Lab instructions' });
    expect(screen.queryByRole('button', { name: 'Download lab requisition' })).toBeNull();
  });

  it('says it could not load on an error', async () => {
    serve({ [PREP]: json(500, { text: 'Error', message: 'boom' }) });
    renderRoute(PAGE);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'We could not load the preparation guideline. Please try again.',
    );
  });
});
