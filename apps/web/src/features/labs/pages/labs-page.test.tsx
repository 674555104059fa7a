import { LAB_ALERT_MS } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LabPanelListItem } from '../../../api/labs';
import { getToasts } from '../../../components/toast/toast-store';
import {
  currentUrl,
  json,
  mockApi,
  ORG_ID,
  type RecordedRequest,
  renderRoute,
  setOrganization,
  signIn,
  USER_ID,
} from '../../../test/helpers';
import { hexId, lab, page } from '../test/fixtures';

const LABS = `/dashboard/${USER_ID}/labs`;
const PANELS = 'GET /v2/labs/patient/panels';
const TEMPLATE = hexId('c1');
const PRICE = hexId('d1');
const ORDER = hexId('e1');

beforeEach(() => {
  setOrganization();
  signIn();
});

/** The list's own reads of the panels (the shell reads the first page too, for the Labs link). */
const listReads = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'GET' && r.path.startsWith('/v2/labs/patient/panels'));

const item = (name: string) => screen.getByRole('listitem', { name });

describe('labs list', () => {
  it('shows the heading, the Lab Instructions link and the tabs, each tab sending its status', async () => {
    const requests = mockApi({
      [PANELS]: json(200, page([lab('reviewed', { productName: 'Longevity Panel' })])),
    });
    const { user, router } = renderRoute(LABS);
    await screen.findByRole('heading', { level: 1, name: 'Labs' });
    expect(screen.getByRole('link', { name: 'Lab Instructions' })).toHaveAttribute(
      'href',
      '/lab-instructions',
    );
    await screen.findByRole('listitem', { name: 'Longevity Panel' });
    const tabs = screen.getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual([
      'Show All',
      'Results Ready',
      'Awaiting Results',
      'Ordered',
    ]);
    expect(screen.getByRole('tab', { name: 'Show All' })).toHaveAttribute('aria-selected', 'true');
    expect(listReads(requests).every((r) => !r.path.includes('status='))).toBe(true);

    for (const [label, status] of [
      ['Results Ready', 'reviewed'],
      ['Awaiting Results', 'received'],
      ['Ordered', 'ordered'],
    ] as const) {
      await user.click(screen.getByRole('tab', { name: label }));
      await waitFor(() =>
        expect(listReads(requests).at(-1)?.path).toBe(`/v2/labs/patient/panels?page=1&status=${status}`),
      );
      expect(screen.getByRole('tab', { name: label })).toHaveAttribute('aria-selected', 'true');
      expect(currentUrl(router)).toBe(`${LABS}?status=${status}`);
    }
    await user.click(screen.getByRole('tab', { name: 'Show All' }));
    expect(currentUrl(router)).toBe(LABS);
  });

  it('draws each status bar with its label and fill, and gives each status its primary button', async () => {
    mockApi({
      [PANELS]: json(
        200,
        page([
          lab('created', { productName: 'Created Lab' }),
          lab('ordered', { productName: 'Ordered Lab' }),
          lab('received', { productName: 'Received Lab' }),
          lab('reviewed', { productName: 'Reviewed Lab', reportId: hexId('f1') }),
        ]),
      ),
    });
    renderRoute(LABS);
    await screen.findByRole('listitem', { name: 'Created Lab' });
    const expected = [
      ['Created Lab', 'Visit Form Pending', 20, 'Order Lab'],
      ['Ordered Lab', 'Prepared', 40, 'Download Form'],
      ['Received Lab', 'Awaiting Results', 75, 'Download Form'],
      ['Reviewed Lab', 'Results Ready', 100, 'View Analysis'],
    ] as const;
    for (const [name, label, percent, action] of expected) {
      const row = item(name);
      const bar = within(row).getByRole('progressbar', { name: 'Lab status' });
      expect(bar).toHaveAttribute('aria-valuenow', String(percent));
      expect(bar.firstElementChild).toHaveStyle({ width: `${percent}%` });
      expect(within(row).getByText(label)).toBeInTheDocument();
      const primary =
        within(row).queryByRole('button', { name: action }) ??
        within(row).getByRole('link', { name: action });
      expect(primary).toBeInTheDocument();
      for (const other of ['Order Lab', 'Download Form', 'View Analysis'].filter((a) => a !== action)) {
        expect(within(row).queryByRole('button', { name: other })).not.toBeInTheDocument();
        expect(within(row).queryByRole('link', { name: other })).not.toBeInTheDocument();
      }
      expect(within(row).getByRole('link', { name: 'Message Us' })).toHaveAttribute(
        'href',
        `/messages/${USER_ID}/new`,
      );
    }
    // the two stages with a tooltip (002 §4.1) describe their info button with it
    expect(
      within(item('Created Lab')).getByRole('button', { name: 'About Visit Form Pending' }),
    ).toHaveAccessibleDescription('allow up to 2 hours');
    expect(
      within(item('Ordered Lab')).getByRole('button', { name: 'About Prepared' }),
    ).toHaveAccessibleDescription('download the form and bring it to the lab');
    expect(
      within(item('Reviewed Lab')).queryByRole('button', { name: 'About Results Ready' }),
    ).not.toBeInTheDocument();
    expect(within(item('Reviewed Lab')).getByRole('link', { name: 'View Analysis' })).toHaveAttribute(
      'href',
      `/dashboard/${USER_ID}/lab-analysis/${hexId('f1')}`,
    );
  });

  it('gives a created lab whose order is fulfilled no primary button, only Message Us', async () => {
    mockApi({
      [PANELS]: json(
        200,
        page([
          lab('created', {
            productName: 'Fulfilled Lab',
            order: { _id: ORDER, status: { fulfilled: true } } as LabPanelListItem['order'],
          }),
          lab('created', {
            productName: 'Unfulfilled Lab',
            order: { _id: hexId('e2'), status: { fulfilled: false } } as LabPanelListItem['order'],
          }),
        ]),
      ),
    });
    renderRoute(LABS);
    const fulfilled = await screen.findByRole('listitem', { name: 'Fulfilled Lab' });
    expect(within(fulfilled).queryAllByRole('button', { name: /Order Lab|Download Form/ })).toEqual([]);
    expect(
      within(fulfilled)
        .getAllByRole('link')
        .map((l) => l.textContent),
    ).toEqual(['Message Us']);
    expect(within(item('Unfulfilled Lab')).getByRole('button', { name: 'Order Lab' })).toBeInTheDocument();
  });

  it('shows the description in a tooltip, wide above 50 characters', async () => {
    const long = 'A comprehensive panel of sixty biomarkers across nine categories.';
    mockApi({
      [PANELS]: json(
        200,
        page([
          lab('reviewed', { productName: 'Short', description: 'Fifty characters or fewer.' }),
          lab('reviewed', { productName: 'Long', description: long }),
        ]),
      ),
    });
    const { user } = renderRoute(LABS);
    await screen.findByRole('listitem', { name: 'Long' });
    const longButton = screen.getByRole('button', { name: 'About Long' });
    expect(longButton).toHaveAccessibleDescription(long);
    await user.hover(longButton);
    const tip = screen.getByRole('tooltip');
    expect(tip).toHaveTextContent(long);
    expect(tip).toHaveClass('labs-tooltip__bubble--wide');
    await user.keyboard('{Escape}');
    await user.unhover(longButton);
    await user.click(screen.getByRole('button', { name: 'About Short' }));
    expect(screen.getByRole('tooltip')).toHaveTextContent('Fifty characters or fewer.');
    expect(screen.getByRole('tooltip')).not.toHaveClass('labs-tooltip__bubble--wide');
  });

  it('orders a lab (order, then submit), goes to its instructions and says Lab Order Successful! for 5 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const requests = mockApi({
      [PANELS]: json(200, page([lab('created', { productName: 'Longevity Panel' })])),
      [`GET /product/${ORG_ID}/template/${TEMPLATE}/products`]: json(200, [
        { _id: hexId('d0'), pricing: { default: false } },
        { _id: PRICE, pricing: { default: true } },
      ]),
      'POST /v2/orders/patient': json(201, { _id: ORDER }),
      [`POST /v2/orders/${ORDER}/submit`]: json(200, { _id: ORDER, status: 'submitted' }),
    });
    const { user, router } = renderRoute(LABS);
    await user.click(await screen.findByRole('button', { name: 'Order Lab' }));
    await waitFor(() => expect(currentUrl(router)).toBe(`/lab-instructions/${ORDER}`));
    const posts = requests.filter((r) => r.method === 'POST');
    expect(posts.map((r) => r.path)).toEqual(['/v2/orders/patient', `/v2/orders/${ORDER}/submit`]);
    expect(posts[0]?.body).toEqual({
      name: '2026_06_10 Longevity Panel',
      product_template: TEMPLATE,
      product: PRICE,
      quantity: 1,
    });
    const corner = await screen.findByRole('region', { name: 'Notifications' });
    const status = await within(corner).findByRole('status');
    expect(status).toHaveTextContent(MESSAGES.labOrderSuccess);
    // shown for 5 seconds: the notice's own duration (the clock also runs with real time here, so a
    // "still there at 4.9 s" check would depend on the machine's speed); then it goes
    expect(getToasts().find((t) => t.message === MESSAGES.labOrderSuccess)?.durationMs).toBe(LAB_ALERT_MS);
    await act(async () => {
      vi.advanceTimersByTime(LAB_ALERT_MS + 100);
    });
    expect(status).not.toBeInTheDocument();
  });

  it.each([
    [400, MESSAGES.labOrderFailure],
    [500, MESSAGES.labOrderServerError],
  ])('a failed order (HTTP %i) says %s with Message Us, and stays on the list', async (code, message) => {
    mockApi({
      [PANELS]: json(200, page([lab('created', { productName: 'Longevity Panel' })])),
      [`GET /product/${ORG_ID}/template/${TEMPLATE}/products`]: json(200, [
        { _id: PRICE, pricing: { default: true } },
      ]),
      'POST /v2/orders/patient': json(code, { text: 'Error', message: 'no' }),
    });
    const { user, router } = renderRoute(LABS);
    await user.click(await screen.findByRole('button', { name: 'Order Lab' }));
    const alert = await within(item('Longevity Panel')).findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(currentUrl(router)).toBe(LABS);
    expect(screen.queryByText(MESSAGES.labOrderSuccess)).not.toBeInTheDocument();
  });

  it('downloads the requisition form of the latest report, or says it is not ready', async () => {
    const createObjectURL = vi.fn(() => 'blob:form');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() }));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const ready = hexId('a1');
    const late = hexId('a2');
    const requests = mockApi({
      [PANELS]: json(
        200,
        page([
          lab('ordered', { productName: 'Ready Lab', reportId: ready }),
          lab('received', { productName: 'Late Lab', reportId: late }),
        ]),
      ),
      [`GET /v2/labs/results/${ready}/form/download`]: () =>
        new Response('%PDF-1.3', { status: 200, headers: { 'Content-Type': 'application/pdf' } }),
      [`GET /v2/labs/results/${late}/form/download`]: json(404, { text: 'NotFound', message: 'Not ready' }),
    });
    const { user } = renderRoute(LABS);
    await screen.findByRole('listitem', { name: 'Ready Lab' });
    await user.click(within(item('Ready Lab')).getByRole('button', { name: 'Download Form' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(createObjectURL).toHaveBeenCalledWith(expect.objectContaining({ size: 8 }));
    const call = requests.find((r) => r.path === `/v2/labs/results/${ready}/form/download`)!;
    expect(call.headers.authorization).toMatch(/^Bearer /);
    expect(within(item('Ready Lab')).queryByRole('alert')).not.toBeInTheDocument();
    const corner = await screen.findByRole('region', { name: 'Notifications' });
    expect(await within(corner).findByRole('status')).toHaveTextContent(MESSAGES.actionSuccess);

    await user.click(within(item('Late Lab')).getByRole('button', { name: 'Download Form' }));
    expect(await within(item('Late Lab')).findByRole('alert')).toHaveTextContent(
      MESSAGES.requisitionNotReady,
    );
    expect(click).toHaveBeenCalledTimes(1);
  });

  it('shows the empty state with Message Us when there are no labs', async () => {
    mockApi({ [PANELS]: json(200, page([])) });
    renderRoute(LABS);
    await screen.findByRole('heading', { level: 2, name: 'Labs' });
    expect(screen.getByText(MESSAGES.labsEmpty)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Message Us' })).toHaveAttribute(
      'href',
      `/messages/${USER_ID}/new`,
    );
    expect(screen.queryByRole('list', { name: 'Your labs' })).not.toBeInTheDocument();
  });

  it('pages through the list 5 page numbers at a time', async () => {
    const requests = mockApi({
      [PANELS]: (r) => {
        const at = Number(new URL(r.path, 'http://x').searchParams.get('page') ?? 1);
        return json(200, page([lab('reviewed', { productName: `Lab on page ${at}` })], at, 8));
      },
    });
    const { user, router } = renderRoute(LABS);
    await screen.findByRole('listitem', { name: 'Lab on page 1' });
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    const numbers = () =>
      within(pager)
        .getAllByRole('link', { name: /^Page / })
        .map((l) => l.textContent);
    expect(numbers()).toEqual(['1', '2', '3', '4', '5']);
    expect(within(pager).getByRole('link', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page');

    await user.click(within(pager).getByRole('link', { name: 'Page 5' }));
    await screen.findByRole('listitem', { name: 'Lab on page 5' });
    expect(currentUrl(router)).toBe(`${LABS}?page=5`);
    expect(listReads(requests).at(-1)?.path).toBe('/v2/labs/patient/panels?page=5');
    expect(numbers()).toEqual(['3', '4', '5', '6', '7']);
    expect(within(pager).getByRole('link', { name: 'Page 5' })).toHaveAttribute('aria-current', 'page');
    await user.click(within(pager).getByRole('link', { name: 'Next page' }));
    await screen.findByRole('listitem', { name: 'Lab on page 6' });
    expect(currentUrl(router)).toBe(`${LABS}?page=6`);
  });
});
