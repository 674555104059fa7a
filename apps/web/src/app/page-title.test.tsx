import type { Organization } from '@portal/domain/contracts/organization';
import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { setBrand } from '../lib/brand';
import { json, mockApi, ORG_ID, renderRoute, signIn, USER_ID } from '../test/helpers';
import { documentTitle, titleForPath } from './route-meta';

const clinic = { _id: ORG_ID, name: 'Evergreen', settings: { name: 'Evergreen Longevity' } } as Organization;

describe('document titles', () => {
  beforeEach(() => {
    setBrand({ organization: clinic, organizationId: ORG_ID, error: false });
    mockApi({ 'GET /v2/subscriptions': json(200, []) });
  });

  it('names the page, then the clinic', () => {
    expect(documentTitle('Orders', 'Evergreen Longevity')).toBe('Orders · Evergreen Longevity');
    expect(documentTitle('', 'Evergreen Longevity')).toBe('Evergreen Longevity');
  });

  it('names the screens whose routes give no title by their path', () => {
    expect(titleForPath('/login')).toBe('Log in');
    expect(titleForPath('/get-started/')).toBe('Create your account');
    expect(titleForPath('/product/medication/abc')).toBe('Create your account');
    expect(titleForPath('/request-password-reset/o/u/t')).toBe('Choose a new password');
    expect(titleForPath(`/dashboard/${USER_ID}/profile`)).toBe('Home');
    expect(titleForPath('/no/such/page')).toBe('Page Not Found');
  });

  it.each([
    ['/login', 'Log in · Evergreen Longevity', false],
    [`/dashboard/${USER_ID}/messages`, 'Messages · Evergreen Longevity', true],
    [`/dashboard/${USER_ID}/settings/shipping`, 'Settings: Shipping · Evergreen Longevity', true],
    ['/shop', 'Shop · Evergreen Longevity', true],
    ['/no/such/page', 'Page Not Found · Evergreen Longevity', false],
  ])('%s is titled "%s"', async (path, title, signedIn) => {
    if (signedIn) signIn();
    renderRoute(path);
    await screen.findAllByRole('heading');
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('follows the clinic when the brand changes', async () => {
    renderRoute('/login');
    await waitFor(() => expect(document.title).toBe('Log in · Evergreen Longevity'));
    setBrand({
      organization: { ...clinic, settings: { name: 'Bluecrest Health' } } as Organization,
      organizationId: ORG_ID,
      error: false,
    });
    await waitFor(() => expect(document.title).toBe('Log in · Bluecrest Health'));
  });
});
