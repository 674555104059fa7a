import { MESSAGES } from '@portal/domain/messages';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabReportListItem, LabReportListPage } from '../../../api/labs';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  patient,
  renderRoute,
  setOrganization,
  setOrganizationWith,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import {
  DEFAULT_LAB_BOOKING_URL,
  LAB_BOOKING_URL,
  LAB_INSTRUCTION_STEPS,
  safeHttpsUrl,
} from '../lib/lab-instructions';
import { hexId } from '../test/fixtures';

const ORDER = hexId('e1');
const REPORT = hexId('a1');
const PANEL = hexId('b1');
const SUCCESS = `/lab-instructions/${ORDER}`;
const RESULTS = 'GET /v2/labs/results';
const FORM = `GET /v2/labs/results/${REPORT}/form/download`;
const PREPARATION = `GET /v2/labs/patient/panels/${PANEL}/preparation-guidelines`;

function report(over: Partial<LabReportListItem> = {}): LabReportListItem {
  return {
    _id: REPORT,
    panelId: PANEL,
    title: 'Essentials Panel',
    status: 'ordered',
    stage: 'prepared',
    primaryAction: 'download_form',
    product: { _id: hexId('c1'), name: 'Essentials Panel', description: 'A blood panel.', images: [] },
    order: { _id: ORDER, status: { fulfilled: true } },
    organization: hexId('0f'),
    statusChangedAt: '2026-06-01T10:00:00.000Z',
    created_at: '2026-06-01T10:00:00.000Z',
    updated_at: '2026-06-01T10:00:00.000Z',
    ...over,
  };
}

function reports(docs: LabReportListItem[]): LabReportListPage {
  return {
    docs,
    page: 1,
    limit: 50,
    totalDocs: docs.length,
    totalPages: 1,
    hasNextPage: false,
    hasPrevPage: false,
  };
}

const GUIDELINES = {
  panelId: PANEL,
  name: 'Essentials Panel',
  guidelines: ['Fast for 12 hours before your blood draw: water only.', 'Bring a photo ID.'],
  fastingHours: 12,
  noExerciseHours: 12,
};

function serveSuccess(extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [RESULTS]: json(
      200,
      reports([
        report({ _id: hexId('a9'), order: { _id: hexId('e9'), status: { fulfilled: true } } }),
        report(),
      ]),
    ),
    [PREPARATION]: json(200, GUIDELINES),
    ...extra,
  });
}

const block = (name: string) => screen.getByRole('listitem', { name });

beforeEach(() => {
  setOrganization();
  signIn();
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('lab confirmation', () => {
  it('without an order is the instructions page: four blocks, no booking or requisition, default preparation', async () => {
    const requests = mockApi({});
    renderRoute('/lab-instructions');
    await screen.findByRole('heading', { level: 1, name: 'Getting Started with Labs' });
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Schedule your appointment',
      'Preparation Guidelines',
      'Visit your Lab Location',
      'Lab Results delivered to the portal',
    ]);
    expect(screen.getByText(/more than 2,000 locations/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Book Your Appointment/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download lab requisition' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View Instructions' })).toBeInTheDocument();
    expect(within(block('Preparation Guidelines')).getByText(/Fast for 12 hours/)).toBeInTheDocument();
    expect(
      within(block('Preparation Guidelines')).getByText(/strenuous exercise for 12 hours/),
    ).toBeInTheDocument();
    // no order, nothing to look up
    expect(requests.filter((r) => r.path.startsWith('/v2/labs'))).toEqual([]);
    await waitFor(() => expect(document.title).toBe('Getting Started with Labs · Patient Portal'));
  });

  it('with an order is the success page: Book Your Appointment opens the partner lab safely, guidelines from the panel', async () => {
    const requests = serveSuccess();
    renderRoute(SUCCESS);
    await screen.findByText('Your lab is ordered');
    const book = screen.getByRole('link', { name: /Book Your Appointment/ });
    expect(book).toHaveAttribute('href', LAB_BOOKING_URL);
    expect(book.getAttribute('href')).toMatch(/^https:\/\//);
    expect(book).toHaveAttribute('target', '_blank');
    expect(book).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByRole('button', { name: 'Download lab requisition' })).toBeInTheDocument();
    const prep = block('Preparation Guidelines');
    await within(prep).findByText('Bring a photo ID.');
    expect(within(prep).queryByText(/strenuous exercise/)).not.toBeInTheDocument();
    expect(requests.find((r) => r.path.startsWith('/v2/labs/results'))?.path).toBe(
      '/v2/labs/results?limit=50',
    );
    expect(requests.some((r) => r.path === `/v2/labs/patient/panels/${PANEL}/preparation-guidelines`)).toBe(
      true,
    );
    expect(screen.getByText(/Essentials Panel: here is what happens next/)).toBeInTheDocument();
  });

  it('keeps the booking address to https', () => {
    expect(safeHttpsUrl('javascript:alert(1)', DEFAULT_LAB_BOOKING_URL)).toBe(DEFAULT_LAB_BOOKING_URL);
    expect(safeHttpsUrl('http://labs.example.com', DEFAULT_LAB_BOOKING_URL)).toBe(DEFAULT_LAB_BOOKING_URL);
    expect(safeHttpsUrl('https://user:pw@labs.example.com', DEFAULT_LAB_BOOKING_URL)).toBe(
      DEFAULT_LAB_BOOKING_URL,
    );
    expect(safeHttpsUrl(undefined, DEFAULT_LAB_BOOKING_URL)).toBe(DEFAULT_LAB_BOOKING_URL);
    expect(safeHttpsUrl('https://labs.example.com/book', DEFAULT_LAB_BOOKING_URL)).toBe(
      'https://labs.example.com/book',
    );
  });

  it('View Instructions opens the seven steps in a labelled dialog and closes it, focus returning', async () => {
    mockApi({});
    const { user } = renderRoute('/lab-instructions');
    const open = await screen.findByRole('button', { name: 'View Instructions' });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Lab Instructions' });
    const steps = within(within(dialog).getByRole('list', { name: 'Steps of your lab visit' })).getAllByRole(
      'listitem',
    );
    expect(steps).toHaveLength(7);
    expect(steps.map((s) => within(s).getByRole('heading').textContent)).toEqual(
      LAB_INSTRUCTION_STEPS.map((s) => s.title),
    );
    expect(dialog).toHaveTextContent(/Fast for 12 hours/);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.click(within(dialog).getByRole('button', { name: 'Close instructions' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(open).toHaveFocus();

    await user.click(open);
    await screen.findByRole('dialog', { name: 'Lab Instructions' });
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('downloads the order’s requisition as a PDF with the token', async () => {
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:form');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = serveSuccess({
      [FORM]: () =>
        new Response('%PDF-1.3', {
          status: 200,
          headers: {
            'Content-Type': 'application/pdf',
            'Content-Disposition': 'attachment; filename="lab-requisition.pdf"',
          },
        }),
    });
    const { user } = renderRoute(SUCCESS);
    await user.click(await screen.findByRole('button', { name: 'Download lab requisition' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const blob = createObjectURL.mock.calls[0]![0];
    expect(blob.size).toBe(8);
    const anchor = click.mock.contexts[0] as HTMLAnchorElement;
    expect(anchor.download).toBe('lab-requisition.pdf');
    const call = requests.find((r) => r.path === `/v2/labs/results/${REPORT}/form/download`)!;
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(within(block('Visit your Lab Location')).queryByRole('alert')).not.toBeInTheDocument();
    const corner = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(corner).findByRole('status')).toHaveTextContent(MESSAGES.actionSuccess);
  });

  it('says the requisition is not ready when the API answers 400, or the order has no report yet', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serveSuccess({
      [FORM]: json(400, { text: 'RequisitionNotReady', message: 'The lab has not been ordered yet.' }),
    });
    const first = renderRoute(SUCCESS);
    await first.user.click(await screen.findByRole('button', { name: 'Download lab requisition' }));
    const alert = await within(block('Visit your Lab Location')).findByRole('alert');
    expect(alert).toHaveTextContent(MESSAGES.requisitionNotReady);
    expect(within(alert).getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(click).not.toHaveBeenCalled();
    first.unmount();

    const requests = mockApi({ [RESULTS]: json(200, reports([])) });
    const second = renderRoute(SUCCESS);
    await second.user.click(await screen.findByRole('button', { name: 'Download lab requisition' }));
    expect(await within(block('Visit your Lab Location')).findByRole('alert')).toHaveTextContent(
      MESSAGES.requisitionNotReady,
    );
    // the list is read again before giving up, and no form is asked for
    await waitFor(() => expect(requests.filter((r) => r.path.startsWith('/v2/labs/results')).length).toBe(2));
    expect(requests.some((r) => r.path.includes('/form/download'))).toBe(false);
    expect(click).not.toHaveBeenCalled();
  });

  it('Enable Text Notifications opens the mobile verification panel where the clinic verifies numbers', async () => {
    setOrganizationWith(true);
    signIn(patient({ mobile_number: '4155550123', mobile_verified: false }));
    const userPath = `/users/${ORG_ID}/${USER_ID}`;
    const requests = mockApi({
      [`POST ${userPath}/send-mobile-verification`]: json(200, {
        message: 'A verification code was sent to your mobile number.',
        expires_at: '2026-01-01T00:10:00.000Z',
      }),
      [`POST ${userPath}/mobile-verify`]: json(
        200,
        patient({ mobile_number: '4155550123', mobile_verified: true }),
      ),
    });
    const { user } = renderRoute('/lab-instructions');
    const results = await screen.findByRole('listitem', { name: 'Lab Results delivered to the portal' });
    await user.click(within(results).getByRole('button', { name: 'Enable Text Notifications' }));
    const panel = await screen.findByRole('dialog', { name: 'Verify Your Number' });
    expect(within(panel).getByLabelText('Mobile number')).toHaveValue('(415) 555-0123');
    await user.click(within(panel).getByRole('button', { name: 'Get code' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Digit 1 of 5' })).toHaveFocus());
    await user.keyboard('42170');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requests.find((r) => r.path.endsWith('/mobile-verify'))?.body).toEqual({
      code: '42170',
      mobile_number: '4155550123',
    });
    // the block now says texts are on, for the verified number
    await within(results).findByText(/Text notifications are on for \(415\) 555-0123/);
  });

  it('Enable Text Notifications leads to the mobile number in settings where the clinic does not verify numbers', async () => {
    mockApi({});
    const { user, router } = renderRoute('/lab-instructions');
    const results = await screen.findByRole('listitem', { name: 'Lab Results delivered to the portal' });
    const enable = within(results).getByRole('link', { name: 'Enable Text Notifications' });
    expect(enable).toHaveAttribute('href', `/dashboard/${USER_ID}/settings/mobile`);
    await user.click(enable);
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/settings/mobile`));
  });

  it('says text notifications are on for a verified number instead', async () => {
    signIn(patient({ mobile_verified: true, mobile_number: '5551234567' }));
    mockApi({});
    renderRoute('/lab-instructions');
    const results = await screen.findByRole('listitem', { name: 'Lab Results delivered to the portal' });
    expect(within(results).getByText(/Text notifications are on for \(555\) 123-4567/)).toBeInTheDocument();
    expect(
      within(results).queryByRole('link', { name: 'Enable Text Notifications' }),
    ).not.toBeInTheDocument();
  });

  it('Return to labs goes to the labs list', async () => {
    serveSuccess({
      'GET /v2/labs/patient/panels': json(200, {
        docs: [],
        page: 1,
        limit: 10,
        totalDocs: 0,
        totalPages: 0,
        hasNextPage: false,
        hasPrevPage: false,
      }),
    });
    const { user, router } = renderRoute(SUCCESS);
    await user.click(await screen.findByRole('link', { name: 'Return to labs' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/dashboard/${USER_ID}/labs`));
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
  });
});
