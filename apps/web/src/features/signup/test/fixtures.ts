import type { Product, ProductType } from '@portal/domain/contracts/product';
import { product, productTemplate } from '../../../test/fixtures/funnel';
import { ORG_ID } from '../../../test/helpers';

export const SUPPLEMENT_ID = '999999999999999999999991';
export const LAB = '999999999999999999999992';

export const labTemplate = () =>
  productTemplate({
    _id: LAB,
    type: 'lab',
    slug: 'essentials',
    name: 'Essentials',
    product_name: 'Longevity Essentials Panel',
    description: 'Twelve key biomarkers.',
    intake_template: null,
    product_features: [{ title: 'Twelve biomarkers', description: 'Heart, metabolic and thyroid health.' }],
  });

export const supplementTemplate = () =>
  productTemplate({
    _id: SUPPLEMENT_ID,
    type: 'supplement',
    slug: 'omega',
    name: 'Omega-3',
    product_name: 'Omega-3 Longevity Blend',
    description: 'Two softgels a day.',
    intake_template: null,
  });

const typed = (p: Product, type: ProductType): Product => ({ ...p, type });

export const labProducts = () => [typed(product('888888888888888888888881', LAB, 19900, 0, true), 'lab')];
export const supplementProducts = () => [
  typed(product('888888888888888888888882', SUPPLEMENT_ID, 3900, 0), 'supplement'),
  typed(product('888888888888888888888883', SUPPLEMENT_ID, 3500, 1), 'supplement'),
  typed(product('888888888888888888888884', SUPPLEMENT_ID, 9900, 3, true), 'supplement'),
];

export const templatePath = (id: string) => `GET /product/${ORG_ID}/template/${id}`;
export const productsPath = (id: string) => `GET /product/${ORG_ID}/template/${id}/products`;
