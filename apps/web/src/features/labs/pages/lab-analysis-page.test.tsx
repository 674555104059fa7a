import { MESSAGES } from '@portal/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabAnalysis } from '../../../api/labs';
import { json, mockApi, renderRoute, setOrganization, signIn, USER_ID } from '../../../test/helpers';
import { analysis, PANEL_ID, REPORT_ID } from '../test/fixtures';

const PAGE = `/dashboard/${USER_ID}/lab-analysis/${REPORT_ID}`;
const RESULT = `GET /v2/labs/results/${REPORT_ID}`;
const BIO_AGE = `GET /v2/labs/patient/panels/${PANEL_ID}/bio-age/overview`;

beforeEach(() => {
  setOrganization();
  signIn();
});

function serve(data: LabAnalysis = analysis(), extra: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    [RESULT]: json(200, data),
    [BIO_AGE]: json(200, {
      available: true,
      reportId: REPORT_ID,
      value: 41.3,
      chronologicalAge: 45,
      convention: 'ln',
      takenOn: '2026-05-28',
      markersUsed: [
        {
          marker: 'albumin',
          name: 'Albumin',
          loinc: '1751-7',
          value: 4.5,
          unit: 'g/dL',
          modelValue: 45,
          modelUnit: 'g/L',
        },
        {
          marker: 'glucose',
          name: 'Glucose',
          loinc: '2345-7',
          value: 85,
          unit: 'mg/dL',
          modelValue: 4.7,
          modelUnit: 'mmol/L',
        },
      ],
    }),
    ...extra,
  });
}

const biomarkerList = () => screen.getByRole('region', { name: 'Biomarkers' });
const names = () =>
  within(biomarkerList())
    .queryAllByRole('heading', { level: 3 })
    .map((h) => h.textContent);

function reducedMotion(reduce: boolean) {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query.includes('prefers-reduced-motion') ? reduce : false,
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
      addListener: vi.fn(),
      removeListener: vi.fn(),
      onchange: null,
      dispatchEvent: vi.fn(),
    })),
  );
}

describe('lab analysis', () => {
  it('shows the title, the reviewer with avatar and date, Message, and downloads the PDF named after the title', async () => {
    const createObjectURL = vi.fn(() => 'blob:report');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const requests = serve(undefined, {
      [`GET /v2/labs/results/${REPORT_ID}/download`]: () =>
        new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
    });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Longevity Panel' });
    expect(screen.getByText('Reviewed by Ada Lovelace')).toBeInTheDocument();
    expect(screen.getByText('June 2nd 2026')).toBeInTheDocument();
    expect(document.querySelector('.labs-reviewer__avatar')).toHaveAttribute('src', '/ada.png');
    expect(screen.getByRole('link', { name: 'Message' })).toHaveAttribute('href', `/messages/${USER_ID}/new`);

    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Longevity Panel.pdf');
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 8 }));
    const call = requests.find((r) => r.path === `/v2/labs/results/${REPORT_ID}/download`)!;
    expect(call.headers.authorization).toMatch(/^Bearer /);
  });

  it('exports the report as a FHIR R4 Bundle named after the title', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serve(analysis(), {
      [`GET /v2/labs/results/${REPORT_ID}/fhir`]: () =>
        new Response('{"resourceType":"Bundle"}', {
          status: 200,
          headers: { 'Content-Type': 'application/fhir+json' },
        }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Export (FHIR)' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Longevity Panel.fhir.json');
  });

  it('titles a report without a title "Lab Panel Results", and names its PDF so', async () => {
    vi.stubGlobal(
      'URL',
      Object.assign(URL, { createObjectURL: vi.fn(() => 'blob:x'), revokeObjectURL: vi.fn() }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    serve(analysis({ title: '', reviewer: null }), {
      [`GET /v2/labs/results/${REPORT_ID}/download`]: () => new Response('%PDF', { status: 200 }),
    });
    const { user } = renderRoute(PAGE);
    await screen.findByRole('heading', { level: 1, name: 'Lab Panel Results' });
    expect(screen.queryByText(/Reviewed by/)).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect((click.mock.contexts[0] as HTMLAnchorElement).download).toBe('Lab Panel Results.pdf');
  });

  it('says so when the PDF cannot be downloaded', async () => {
    serve(undefined, {
      [`GET /v2/labs/results/${REPORT_ID}/download`]: json(500, { text: 'Error', message: 'no' }),
    });
    const { user } = renderRoute(PAGE);
    await user.click(await screen.findByRole('button', { name: 'Download' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.generic);
  });

  it('renders the clinical team message as markdown text (a <script> stays text) with Read More and Read Less', async () => {
    serve(
      analysis({
        text: {
          intro: 'Hello **Jane**. <script>window.hacked = true</script> <img src=x onerror=alert(1)>',
          main: 'Your glucose is *fine*.\n\n- Sleep well\n- Walk daily',
          conclusion: 'See you soon.',
        },
      }),
    );
    const { user } = renderRoute(PAGE);
    const section = await screen.findByRole('region', { name: 'Message from your clinical team' });
    expect(within(section).getByText('Jane').tagName).toBe('STRONG');
    expect(section).toHaveTextContent('<script>window.hacked = true</script> <img src=x onerror=alert(1)>');
    expect(section.querySelector('script')).toBeNull();
    expect(section.querySelector('img')).toBeNull();
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();

    expect(within(section).queryByText('Sleep well')).not.toBeInTheDocument();
    const more = within(section).getByRole('button', { name: 'Read More' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    expect(within(section).getByText('fine').tagName).toBe('EM');
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Sleep well', 'Walk daily']);
    expect(within(section).getByText('See you soon.')).toBeInTheDocument();
    const less = within(section).getByRole('button', { name: 'Read Less' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    await user.click(less);
    expect(within(section).queryByText('Sleep well')).not.toBeInTheDocument();
    expect(within(section).getByRole('button', { name: 'Read More' })).toBeInTheDocument();
  });

  it('shows the optimized percentage in the donut, in words too', async () => {
    serve();
    renderRoute(PAGE);
    const section = await screen.findByRole('region', { name: 'Your Optimized Biomarkers' });
    expect(
      within(section).getByRole('img', { name: '67% of your biomarkers are optimized' }),
    ).toBeInTheDocument();
    expect(section).toHaveTextContent('67%');
    const fill = section.querySelector('.labs-donut__fill')!;
    const [drawn, whole] = (fill.getAttribute('stroke-dasharray') ?? '').split(' ').map(Number);
    expect(drawn! / whole!).toBeCloseTo(0.67, 5);
  });

  it('counts the biological age up over 2 seconds and says which markers and sample it used', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    reducedMotion(false);
    serve();
    renderRoute(PAGE);
    const section = await screen.findByRole('region', { name: 'Your Biological Age' });
    const count = within(section).getByTestId('bio-age-count');
    expect(Number(count.textContent)).toBeLessThan(41.3);
    expect(section).toHaveTextContent('41.3 years');
    await act(async () => {
      vi.advanceTimersByTime(2100);
    });
    expect(count).toHaveTextContent('41.3');
    await within(section).findByText('PhenoAge from Albumin, Glucose, sample of May 28th 2026.');
  });

  it('shows the biological age at once with reduced motion, and no card without a value', async () => {
    reducedMotion(true);
    serve();
    const first = renderRoute(PAGE);
    const section = await screen.findByRole('region', { name: 'Your Biological Age' });
    expect(within(section).getByTestId('bio-age-count')).toHaveTextContent('41.3');
    first.unmount();

    serve(analysis({ bioAge: null, optimized: null }));
    renderRoute(PAGE);
    await screen.findByRole('region', { name: 'Biomarkers' });
    expect(screen.queryByRole('heading', { name: 'Your Biological Age' })).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Your Optimized Biomarkers' })).not.toBeInTheDocument();
  });

  it('filters the biomarkers by category and by range', async () => {
    serve();
    const { user } = renderRoute(PAGE);
    await screen.findByRole('region', { name: 'Biomarkers' });
    const list = biomarkerList();
    expect(names()).toEqual(['Glucose', 'ApoB', 'hs-CRP']);
    const categories = within(list).getByRole('group', { name: 'Category' });
    expect(
      within(categories)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['All', 'Metabolic', 'Heart']);
    const ranges = within(list).getByRole('group', { name: 'Range' });
    expect(
      within(ranges)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Optimal', 'Needs Improvement', 'Needs Attention']);

    await user.click(within(categories).getByRole('button', { name: 'Heart' }));
    expect(within(categories).getByRole('button', { name: 'Heart' })).toHaveAttribute('aria-pressed', 'true');
    expect(names()).toEqual(['ApoB', 'hs-CRP']);
    await user.click(within(ranges).getByRole('button', { name: 'Needs Attention' }));
    expect(names()).toEqual(['hs-CRP']);
    await user.click(within(ranges).getByRole('button', { name: 'Optimal' }));
    expect(names()).toEqual([]);
    expect(within(list).getByText('No biomarkers match these filters.')).toBeInTheDocument();
    await user.click(within(categories).getByRole('button', { name: 'All' }));
    expect(names()).toEqual(['Glucose']);
    await user.click(within(ranges).getByRole('button', { name: 'Optimal' }));
    expect(within(ranges).getByRole('button', { name: 'Optimal' })).toHaveAttribute('aria-pressed', 'false');
    expect(names()).toEqual(['Glucose', 'ApoB', 'hs-CRP']);
  });

  it('shows each biomarker with its unit, range badge and bar chart (segments, colours, marker, words)', async () => {
    serve();
    renderRoute(PAGE);
    await screen.findByRole('region', { name: 'Biomarkers' });
    const glucose = screen.getByRole('listitem', { name: 'Glucose' });
    expect(within(glucose).getByText('mg/dL')).toBeInTheDocument();
    expect(within(glucose).getByText('Optimal')).toHaveClass('labs-badge--green');
    const chart = within(glucose).getByRole('img', {
      name: 'Your value 85 mg/dL. Needs Attention: up to 65 mg/dL. Needs Improvement: 65 to 72 mg/dL. Optimal: 72 to 90 mg/dL. Needs Improvement: 90 to 99 mg/dL. Needs Attention: 99 mg/dL and above.',
    });
    const segments = [...chart.querySelectorAll<HTMLElement>('.labs-bar__segment')];
    expect(segments.map((s) => s.className.replace('labs-bar__segment labs-bar__segment--', ''))).toEqual([
      'red',
      'amber',
      'green',
      'amber',
      'red',
    ]);
    expect(segments.map((s) => s.style.width)).toEqual(['20%', '20%', '20%', '20%', '20%']);
    expect(segments.map((s) => s.style.left)).toEqual(['0%', '20%', '40%', '60%', '80%']);
    // 85 is 13/18 of the way through 72–90, the third fifth of the bar
    expect(within(glucose).getByTestId('bar-marker').style.left).toBe('54.44%');

    const crp = screen.getByRole('listitem', { name: 'hs-CRP' });
    expect(within(crp).getByText('4.26')).toBeInTheDocument();
    expect(within(crp).getByText('Needs Attention')).toHaveClass('labs-badge--red');
    expect(within(screen.getByRole('listitem', { name: 'ApoB' })).getByText('Needs Improvement')).toHaveClass(
      'labs-badge--amber',
    );
  });

  it('opens Our Assessment with the Legend, Our Suggestion and About this biomarker', async () => {
    serve();
    const { user } = renderRoute(PAGE);
    await screen.findByRole('region', { name: 'Biomarkers' });
    await user.click(
      within(screen.getByRole('listitem', { name: 'hs-CRP' })).getByRole('button', {
        name: 'Our Assessment',
      }),
    );
    const dialog = screen.getByRole('dialog', { name: 'hs-CRP' });
    expect(within(dialog).getByText('Our Assessment')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'Legend' })).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Optimal: up to 1 mg/L',
      'Needs Improvement: 1 to 3 mg/L',
      'Needs Attention: 3 mg/L and above',
    ]);
    expect(within(dialog).getByRole('heading', { name: 'Our Suggestion' })).toBeInTheDocument();
    expect(within(dialog).getByText('Talk to us about inflammation.')).toBeInTheDocument();
    expect(within(dialog).getByRole('heading', { name: 'About this biomarker' })).toBeInTheDocument();
    expect(within(dialog).getByText('A marker of inflammation.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await user.click(
      within(screen.getByRole('listitem', { name: 'ApoB' })).getByRole('button', { name: 'Our Assessment' }),
    );
    const apob = screen.getByRole('dialog', { name: 'ApoB' });
    expect(within(apob).queryByRole('heading', { name: 'Our Suggestion' })).not.toBeInTheDocument();
    expect(within(apob).getByText('Particles that carry cholesterol.')).toBeInTheDocument();
  });
});
