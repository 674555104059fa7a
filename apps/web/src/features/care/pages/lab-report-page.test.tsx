import type { CareLabImportResult, CareLabReport } from '@portal/domain/contracts/care-labs';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  json,
  mockApi,
  ORG_ID,
  type RecordedRequest,
  renderRoute,
  setOrganization,
} from '../../../test/helpers';
import { hoursAgo, PATIENT_ID, signInStaff } from '../test-fixtures';

const REPORT_ID = '65a1b2c3d4e5f6a7b8c9d0d1';
const BASE = `/care/${ORG_ID}/labs/${REPORT_ID}`;
const PATH = `/care/labs/${REPORT_ID}`;

function report(overrides: Partial<CareLabReport> = {}): CareLabReport {
  return {
    _id: REPORT_ID,
    patient: {
      _id: PATIENT_ID,
      first_name: 'Ada',
      last_name: 'Lovelace',
      sex: 'female',
      birthday: '1990-01-01',
    },
    panel: { _id: '65a1b2c3d4e5f6a7b8c9d0d2', name: 'Longevity Panel' },
    status: 'received',
    status_changed_at: hoursAgo(5),
    ordered_at: hoursAgo(30),
    has_requisition: true,
    has_results_pdf: false,
    markers_entered: 0,
    title: 'Longevity Panel',
    next_status: null,
    collected_at: null,
    reviewed_at: null,
    reviewer: null,
    text: null,
    markers: [],
    panel_biomarkers: [
      { key: 'apob', name: 'Apolipoprotein B', allowed_units: ['mg/dL', 'g/L'] },
      { key: 'glucose', name: 'Glucose', allowed_units: ['mg/dL', 'mmol/L'] },
    ],
    ...overrides,
  };
}

const APOB_STORED = {
  key: 'apob',
  name: 'Apolipoprotein B',
  value: 110,
  unit: 'mg/dL',
  allowed_units: ['mg/dL', 'g/L'],
  classification: 'high' as const,
};

/** The report as the server holds it; each change answers the report changed. */
function server(start: CareLabReport, extra: Record<string, (request: RecordedRequest) => Response> = {}) {
  let current = start;
  const requests = mockApi({
    [`GET ${BASE}`]: () => json(200, current),
    [`POST ${BASE}/advance`]: (request) => {
      const { to } = request.body as { to: 'ordered' | 'received' };
      current = { ...current, status: to, next_status: to === 'ordered' ? 'received' : null };
      return json(200, current);
    },
    [`PUT ${BASE}/results`]: () => {
      current = { ...current, markers: [APOB_STORED], markers_entered: 1 };
      return json(200, current);
    },
    [`PUT ${BASE}/text`]: (request) => {
      current = { ...current, text: request.body as CareLabReport['text'] };
      return json(200, current);
    },
    [`POST ${BASE}/publish`]: () => {
      current = {
        ...current,
        status: 'reviewed',
        reviewed_at: hoursAgo(0),
        reviewer: { _id: 'x', first_name: 'Grace', last_name: 'House' },
      };
      return json(200, current);
    },
    ...extra,
  });
  return requests;
}

beforeEach(() => setOrganization());

describe('a lab report', () => {
  it('moves a created report to ordered after a confirmation', async () => {
    signInStaff('care_team');
    const requests = server(report({ status: 'created', next_status: 'ordered', has_requisition: false }));
    const { user } = renderRoute(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Longevity Panel' });
    expect(screen.getByRole('link', { name: 'Ada Lovelace' })).toHaveAttribute(
      'href',
      `/care/patients/${PATIENT_ID}`,
    );
    await user.click(screen.getByRole('button', { name: 'Mark ordered' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mark ordered?' });
    expect(requests.some((r) => r.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Mark ordered' }));
    await screen.findByText('The report is now ordered.');
    expect(requests.find((r) => r.path === `${BASE}/advance`)?.body).toEqual({ to: 'ordered' });
    await user.click(screen.getByRole('button', { name: 'Mark received' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Mark received?' })).getByRole('button', {
        name: 'Mark received',
      }),
    );
    // the last move by hand keeps its confirmation and says what comes next
    await screen.findByText('The report is now received.');
    expect(
      screen.getByText(/next: enter the results and the message, then publish them/),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Mark / })).not.toBeInTheDocument();
  });

  it('shows the server’s refusal to advance inside the dialog', async () => {
    signInStaff('care_team');
    server(report({ status: 'created', next_status: 'ordered' }), {
      [`POST ${BASE}/advance`]: () =>
        json(409, { text: 'Conflict', message: 'The report was moved by someone else.' }),
    });
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Mark ordered' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Mark ordered' }));
    await within(dialog).findByText('The report was moved by someone else.');
  });

  it('sends the values typed by hand with key, value and unit, and shows the classification answered', async () => {
    signInStaff('care_team');
    const requests = server(report());
    const { user } = renderRoute(PATH);
    const value = await screen.findByRole('textbox', { name: 'Apolipoprotein B value' });
    await user.type(value, '1.1');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Apolipoprotein B unit' }), 'g/L');
    expect(screen.getByRole('columnheader', { name: 'Unit' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    await screen.findByText('Results saved.');
    expect(requests.find((r) => r.path === `${BASE}/results`)?.body).toEqual({
      results: [{ key: 'apob', value: 1.1, unit: 'g/L' }],
    });
    const row = within(
      screen.getByRole('rowheader', { name: 'Apolipoprotein B' }).closest('tr') as HTMLElement,
    );
    expect(row.getByText('High · Needs Attention')).toBeInTheDocument();
    expect(row.getByText('110 mg/dL')).toBeInTheDocument();
  });

  it('shows the server’s 400 inside the results form', async () => {
    signInStaff('care_team');
    server(report(), {
      [`PUT ${BASE}/results`]: () =>
        json(400, { text: 'BadRequest', message: 'Apolipoprotein B is out of range.' }),
    });
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByRole('textbox', { name: 'Glucose value' }), '90');
    await user.click(screen.getByRole('button', { name: 'Save results' }));
    await screen.findByText('Apolipoprotein B is out of range.');
  });

  it('imports pasted CSV and lists what was not recognized', async () => {
    signInStaff('care_team');
    const answer = (current: CareLabReport): CareLabImportResult => ({
      report: { ...current, markers: [APOB_STORED], markers_entered: 1 },
      imported: [{ key: 'apob', value: 110, unit: 'mg/dL' }],
      rejected: [
        {
          at: 2,
          code: 'zzz',
          reason: 'unknown_biomarker',
          message: 'zzz is not a biomarker of the catalogue.',
        },
      ],
    });
    const requests = server(report(), { [`POST ${BASE}/import`]: () => json(200, answer(report())) });
    const { user } = renderRoute(PATH);
    const csv = 'code,value,unit\napob,110,mg/dL\nzzz,1,mg/dL';
    await user.click(await screen.findByRole('textbox', { name: /CSV text/ }));
    await user.paste(csv);
    await user.click(screen.getByRole('button', { name: 'Import CSV' }));
    await screen.findByText(/1 result imported\. 1 not recognized:/);
    expect(screen.getByText(/Row 2 \(zzz\): zzz is not a biomarker of the catalogue\./)).toBeInTheDocument();
    expect(requests.find((r) => r.path === `${BASE}/import`)?.body).toEqual({ format: 'csv', csv });
    await screen.findByText('110 mg/dL');
  });

  it('saves the clinical team’s message', async () => {
    signInStaff('care_team');
    const requests = server(report());
    const { user } = renderRoute(PATH);
    await user.type(await screen.findByRole('textbox', { name: 'Intro' }), 'Hello Ada');
    await user.type(screen.getByRole('textbox', { name: 'Main' }), 'Your **ApoB** is high.');
    await user.type(screen.getByRole('textbox', { name: 'Conclusion' }), 'See you soon');
    await user.click(screen.getByRole('button', { name: 'Save message' }));
    await screen.findByText('Message saved.');
    expect(requests.find((r) => r.path === `${BASE}/text`)?.body).toEqual({
      intro: 'Hello Ada',
      main: 'Your **ApoB** is high.',
      conclusion: 'See you soon',
    });
  });

  it('lets a physician publish after a dialog saying the patient will be notified', async () => {
    signInStaff('physician');
    const requests = server(report({ markers: [APOB_STORED], markers_entered: 1 }));
    const { user } = renderRoute(PATH);
    await user.click(await screen.findByRole('button', { name: 'Publish results' }));
    const dialog = await screen.findByRole('dialog', { name: 'Publish the results?' });
    expect(
      within(dialog).getByText(/will be notified that their Lab Results are now ready/),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Publish' }));
    await screen.findByText(/Published .* by Grace House\./);
    await waitFor(() => expect(requests.filter((r) => r.path === `${BASE}/publish`)).toHaveLength(1));
    expect(requests.find((r) => r.path === `${BASE}/publish`)?.method).toBe('POST');
    // a reviewed report is not changed any more
    expect(screen.getByRole('button', { name: 'Save message' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Save results' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Import CSV' })).not.toBeInTheDocument();
  });

  it('keeps Publish disabled for a physician until results exist', async () => {
    signInStaff('physician');
    server(report());
    renderRoute(PATH);
    expect(await screen.findByRole('button', { name: 'Publish results' })).toBeDisabled();
    expect(screen.getByText('Enter or import results before publishing.')).toBeInTheDocument();
  });

  it('offers a care coordinator no Publish', async () => {
    signInStaff('care_team');
    server(report({ markers: [APOB_STORED], markers_entered: 1 }));
    renderRoute(PATH);
    await screen.findByRole('heading', { level: 1, name: 'Longevity Panel' });
    expect(screen.getByRole('button', { name: 'Save results' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Publish results' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Publish' })).not.toBeInTheDocument();
  });

  it('refuses a file that is not a PDF before sending it', async () => {
    signInStaff('care_team');
    const requests = server(report());
    renderRoute(PATH);
    const input = await screen.findByLabelText('Results PDF');
    // the file picker's accept filter can be bypassed (drag and drop, "All files")
    fireEvent.change(input, { target: { files: [new File(['x'], 'results.txt', { type: 'text/plain' })] } });
    await screen.findByText('Choose a PDF file.');
    expect(requests.some((r) => r.path === `${BASE}/files`)).toBe(false);
  });

  it('sends a PDF as the results file and shows the server’s refusal beside its input', async () => {
    signInStaff('care_team');
    const requests = server(report(), {
      [`POST ${BASE}/files`]: () => json(400, { text: 'BadRequest', message: 'This file is not a PDF.' }),
    });
    renderRoute(PATH);
    const input = await screen.findByLabelText('Results PDF');
    fireEvent.change(input, {
      target: { files: [new File(['%PDF-1.4'], 'results.pdf', { type: 'application/pdf' })] },
    });
    const field = within(input.closest('.care-lab__file') as HTMLElement);
    await field.findByText('This file is not a PDF.');
    expect(requests.filter((r) => r.path === `${BASE}/files` && r.method === 'POST')).toHaveLength(1);
    // multipart: kind, then the file
    const sent = vi.mocked(fetch).mock.calls.find(([url]) => String(url).endsWith(`${BASE}/files`));
    const form = sent?.[1]?.body as FormData;
    expect([...form.keys()]).toEqual(['kind', 'file']);
    expect(form.get('kind')).toBe('results');
    expect((form.get('file') as File).name).toBe('results.pdf');
  });

  it('imports a chosen FHIR Bundle file as the bundle itself', async () => {
    signInStaff('care_team');
    const bundle = { resourceType: 'Bundle', type: 'collection', entry: [] };
    const requests = server(report(), {
      [`POST ${BASE}/import`]: () =>
        json(200, {
          report: report(),
          imported: [],
          rejected: [{ at: 0, code: '', reason: 'unreadable', message: 'The entry has no value.' }],
        } satisfies CareLabImportResult),
    });
    const { user } = renderRoute(PATH);
    const input = await screen.findByLabelText('FHIR R4 Bundle (JSON file)');
    await user.upload(input, new File([JSON.stringify(bundle)], 'bundle.json', { type: 'application/json' }));
    await screen.findByText(/Entry 0: The entry has no value\./);
    expect(requests.find((r) => r.path === `${BASE}/import`)?.body).toEqual({ format: 'fhir', bundle });
  });

  it('opens the attached requisition PDF with the staff’s token, in a new tab', async () => {
    signInStaff('care_team');
    const tab = { location: { href: '' }, close: vi.fn() };
    vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:pdf'), revokeObjectURL: vi.fn() }),
    );
    const requests = server(report(), {
      [`GET ${BASE}/files/requisition`]: () =>
        new Response('%PDF-1.4', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderRoute(PATH);
    expect(screen.queryByRole('button', { name: 'Open the results PDF' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Open the requisition PDF' }));
    await waitFor(() => expect(tab.location.href).toBe('blob:pdf'));
    expect(requests.some((r) => r.path === `${BASE}/files/requisition`)).toBe(true);
  });

  it('shows a report that cannot be read with Try again', async () => {
    signInStaff('care_team');
    let calls = 0;
    mockApi({
      [`GET ${BASE}`]: () => {
        calls += 1;
        return calls === 1
          ? json(500, { text: 'ServerError', message: 'The report could not be read.' })
          : json(200, report());
      },
    });
    const { user } = renderRoute(PATH);
    await screen.findByText('The report could not be read.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('heading', { level: 1, name: 'Longevity Panel' });
  });
});
