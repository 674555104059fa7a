import type { Tone } from './labels';

/** The workspace's own actions, as an admin reads them in a trail (the server records `METHOD /route`). */
const ACTIONS: Readonly<Record<string, string>> = {
  'GET /care/:org/queue': 'Viewed the review queue',
  'POST /care/:org/visits/:id/claim': 'Claimed a visit',
  'GET /care/:org/patients/:id/chart': 'Opened the chart',
  'POST /care/:org/patients/:id/notes': 'Added a private note',
  'POST /care/:org/patients/:id/identity': 'Recorded the identity check',
  'POST /care/:org/visits/:id/approve': 'Approved a visit',
  'POST /care/:org/visits/:id/deny': 'Denied a visit',
  'POST /care/:org/visits/:id/request-update': 'Asked the patient for more',
  'GET /care/:org/tasks': 'Viewed the tasks',
  'POST /care/:org/prescription-requests/:id/resolve': 'Answered a prescription-change request',
  'POST /care/:org/calls/:id/complete': 'Recorded a call',
  'GET /care/:org/fulfilment': 'Viewed fulfilment',
  'POST /care/:org/fulfilment/:id/advance': 'Moved an order on',
  'GET /care/:org/staff': 'Viewed the staff list',
  'POST /care/:org/staff/invitations': 'Invited a staff member',
  'POST /care/:org/staff/:id/deactivate': 'Deactivated a staff member',
  'GET /care/:org/audit': 'Read an audit trail',
  'GET /care/:org/shop-settings': 'Viewed the shop settings',
  'PUT /care/:org/shop-settings': "Changed the shop's banners and filters",
  'GET /care/:org/catalogue': 'Viewed the catalogue',
  'GET /care/:org/catalogue/:id': 'Viewed a product',
  'POST /care/:org/catalogue': 'Added a product',
  'PATCH /care/:org/catalogue/:id': 'Changed a product',
  'POST /care/:org/catalogue/:id/prices': 'Added a price',
  'PATCH /care/:org/catalogue/:id/prices/:priceId': 'Changed a price',
  'DELETE /care/:org/catalogue/:id/prices/:priceId': 'Removed a price',
};

const VERBS: Readonly<Record<string, string>> = {
  GET: 'Viewed',
  POST: 'Sent',
  PUT: 'Changed',
  PATCH: 'Changed',
  DELETE: 'Removed',
};

/**
 * A trail row's action in words. Rows of the patient's own portal are many and change with it: they read as
 * the verb and the part of the record touched ("Viewed subscriptions"), never as a raw route.
 */
export function auditActionLabel(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const [method = '', route = ''] = action.split(' ');
  const words = route
    .split('/')
    .filter((part) => part && !part.startsWith(':') && !/^v\d+$/.test(part))
    .slice(-2)
    .join(' ')
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return [VERBS[method] ?? method, words || 'the portal'].join(' ');
}

/** The outcome the server recorded: done, refused by the access rules, or failed. */
export const AUDIT_OUTCOMES: Readonly<Record<string, { label: string; tone: Tone }>> = {
  allowed: { label: 'Allowed', tone: 'success' },
  denied: { label: 'Denied', tone: 'danger' },
  failed: { label: 'Failed', tone: 'warning' },
};

export function auditOutcome(outcome: string): { label: string; tone: Tone } {
  return AUDIT_OUTCOMES[outcome] ?? { label: outcome, tone: 'neutral' };
}
