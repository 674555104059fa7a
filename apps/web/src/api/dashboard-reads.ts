import { intakeTemplateUrl, productTemplatesUrl } from '@portal/domain/dashboard/visit-templates';
import { requireOrganizationId, seg } from '../lib/api-client';

/**
 * The paths of the dashboard home's first reads, free of the query library and the answers' types: the API
 * modules make their calls with them, and the route guard in the entry reads them ahead on a first load
 * (app/read-ahead.ts) without bringing those modules into the first download.
 */
export const subscriptionsPath = (userId: string) =>
  `/users/${seg(requireOrganizationId())}/user/${seg(userId)}/subscriptions`;

export const patientIntakesPath = (userId: string) =>
  `/intakes/${seg(requireOrganizationId())}/patient/${seg(userId)}`;

export const incompleteIntakesPath = (userId: string) => `${patientIntakesPath(userId)}/incomplete`;

export const patientOrdersPath = (userId: string) =>
  `/orders/${seg(requireOrganizationId())}/patient/${seg(userId)}`;

export const intakeTemplatePath = (templateId: string) =>
  intakeTemplateUrl(requireOrganizationId(), templateId);

/** GET /product-templates/{org}/many?ids=..., by the address the server's follow-up reads of a batch use. */
export const productTemplatesPath = (ids: readonly string[]) =>
  productTemplatesUrl(requireOrganizationId(), ids);

export const PRODUCTS_PATH = '/v2/products';

/** The medications the dashboard looks through for the featured protocol (its first page). */
export const MEDICATION_CATALOGUE = { product_type: 'medication', limit: 50 } as const;

/** The unread notifications the dashboard reads: enough to find the unread welcome notice among the newest. */
export const UNREAD_NOTIFICATIONS_QUERY = { page: 1, limit: 50, read: 'false' } as const;
