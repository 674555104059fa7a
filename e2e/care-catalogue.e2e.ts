import { randomUUID } from 'node:crypto';
import type { CatalogueProduct } from '@portal/domain/contracts/care-catalogue';
import type { ShopSettings } from '@portal/domain/contracts/shop';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible } from './support/a11y';
import { PortalApi } from './support/api';
import {
  DESKTOP,
  keepFailure,
  launch,
  logIn,
  MOBILE,
  newPage,
  snap,
  uniqueEmail,
  url,
} from './support/browser';

let browser: Browser;
let portal: PortalApi;
let admin: PortalApi;
let original: ShopSettings;

beforeAll(async () => {
  browser = await launch();
  portal = await PortalApi.forHost();
  admin = await portal.login('admin@evergreen.test', 'Demo1234!');
  original = await admin.ok<ShopSettings>('GET', `/care/${admin.org}/shop-settings`);
});
afterAll(async () => {
  // the clinic's shop as the other browser tests know it
  if (original) await admin.ok('PUT', `/care/${admin.org}/shop-settings`, original);
  await browser?.close();
});

/** A product of its own for each run, listed in the shop with one price, so no other test loses a product. */
async function ownProduct(): Promise<CatalogueProduct> {
  const name = `Trial Blend ${randomUUID().slice(0, 6)}`;
  const product = await admin.ok<CatalogueProduct>('POST', `/care/${admin.org}/catalogue`, {
    type: 'supplement',
    name,
    product_name: `${name} capsules`,
    description: 'A supplement the clinic is about to take out of the shop.',
    show_in_shop: true,
  });
  await admin.ok('POST', `/care/${admin.org}/catalogue/${product.id}/prices`, {
    name: `${name}, once`,
    pricing_type: 'one_time',
    unit_amount: 2500,
    interval_count: 0,
    default: true,
  });
  return product;
}

async function openWorkspacePage(page: Page, link: string) {
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('link', { name: link, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: link }).waitFor();
}

for (const [label, viewport] of [
  ['1280', DESKTOP],
  ['390', MOBILE],
] as const) {
  describe(`the clinic edits its shop at ${label} px`, () => {
    it('the admin adds a banner and hides a product; a patient sees the banner and not the product', async () => {
      const product = await ownProduct();
      const email = uniqueEmail(`catalogue-${label}`);
      const patient = await portal.signup(email, 'Secret123', 'Jordan');
      await patient.completeProfile();
      const listed = await patient.ok<{ docs: { _id: string }[] }>('GET', '/v2/products?page=1&limit=50');
      expect(listed.docs.map((d) => d._id)).toContain(product.id);
      const title = `Autumn check-in ${randomUUID().slice(0, 6)}`;

      const staff = await newPage(browser, viewport);
      try {
        await keepFailure(staff.page, `care-catalogue-admin-${label}`, async () => {
          const { page } = staff;
          await logIn(page, 'admin@evergreen.test', 'Demo1234!', /\/care$/);

          // the shop: a new banner at the end, leading to the patient's labs
          await openWorkspacePage(page, 'Shop');
          await page.getByRole('button', { name: 'Save the shop' }).waitFor();
          await page.getByRole('button', { name: 'Add a banner' }).click();
          const banners = page.locator('li.care-banner');
          const added = banners.last();
          await added.getByLabel('Title').fill(title);
          await added.getByLabel('Button label').fill('See your labs');
          await added.getByLabel('Portal page').fill('labs');
          await added.getByRole('figure').getByText(title).waitFor();
          await snap(page, `care-shop-${label}`);
          await expectAccessible(page, 'shop settings', { title: 'Shop' });
          await page.getByRole('button', { name: 'Save the shop' }).click();
          await page.getByText(/^Shop saved\. Patients now see \d+ banners\.$/).waitFor();

          // the catalogue: find the product and take it out of the shop
          await openWorkspacePage(page, 'Catalogue');
          await page.getByLabel('Search').fill(product.name);
          await page
            .getByRole('row', { name: new RegExp(product.name) })
            .getByText('Listed')
            .waitFor();
          await snap(page, `care-catalogue-${label}`);
          await expectAccessible(page, 'catalogue', { title: 'Catalogue' });
          await page.getByRole('button', { name: `Edit ${product.name}` }).click();
          await page.getByRole('heading', { level: 1, name: product.name }).waitFor();
          // a click, then the saved state: check() reads the box back before React has drawn it
          await page.getByLabel('Listed in the shop').click();
          await page.getByRole('button', { name: 'Save the product' }).click();
          await page.getByText(`${product.name} saved. The shop does not list it.`).waitFor();
          await snap(page, `care-product-${label}`);
          await expectAccessible(page, 'product editor', { title: 'Catalogue' });
        });
      } finally {
        await staff.context.close();
      }

      const shopper = await newPage(browser, viewport);
      try {
        await keepFailure(shopper.page, `care-catalogue-patient-${label}`, async () => {
          const { page } = shopper;
          await logIn(page, email, 'Secret123', /\/dashboard\//);
          await page.goto(url('/shop'));
          await page.getByRole('region', { name: 'Featured' }).waitFor();
          await page
            .getByRole('button', { name: /^Purchase / })
            .first()
            .waitFor();
          // the new slide is in the carousel
          await page
            .getByRole('region', { name: 'Featured' })
            .getByText(title)
            .waitFor({ state: 'attached' });
          await expect.poll(() => page.getByRole('heading', { name: product.name }).count()).toBe(0);
          await snap(page, `care-catalogue-shop-${label}`);
        });
      } finally {
        await shopper.context.close();
      }
    });
  });
}
