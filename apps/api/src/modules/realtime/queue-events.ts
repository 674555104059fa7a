import { careQueueChannel, QUEUE_CHANGED_EVENT } from '@portal/domain/contracts/realtime';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Realtime } from '../../platform/realtime/realtime';

/**
 * The calls after which a clinic's review queue may read differently: a visit submitted or closed by its
 * patient, a photo sent again, and the care team's claims, decisions and identity checks. Named by route,
 * in one place, so that a screen open on the queue hears of each whatever module made the change.
 */
const QUEUE_CHANGING_ROUTES = new Set([
  'POST /v2/checkout',
  'POST /v2/intakes/:intake/complete',
  'POST /users/:org/user/:user/add-completed-intake',
  'POST /patient-identification/:org',
  'PUT /intakes/:org/patient/:user/patient-intake/:intake/patient-close',
  'POST /care/:org/visits/:id/claim',
  'POST /care/:org/visits/:id/approve',
  'POST /care/:org/visits/:id/deny',
  'POST /care/:org/visits/:id/request-update',
  'POST /care/:org/patients/:id/identity',
]);

/** After a successful queue-changing call, tells the clinic's open queues to read again (no patient data in the event). */
export function queueEventsHook(realtime: Pick<Realtime, 'trigger'>) {
  return async (request: FastifyRequest, reply: FastifyReply) => {
    if (reply.statusCode >= 300 || !request.auth) return;
    if (!QUEUE_CHANGING_ROUTES.has(`${request.method} ${request.routeOptions.url}`)) return;
    realtime.trigger(careQueueChannel(request.auth.organizationId), QUEUE_CHANGED_EVENT, {});
  };
}

export const queueChangingRoutes = (): ReadonlySet<string> => QUEUE_CHANGING_ROUTES;
