import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { UserRole } from '../../db/schema/users';
import type { AuditWriter } from '../audit';
import { Errors } from '../errors';
import type { SessionRepository } from './session.repository';
import type { TokenService } from './tokens';

/**
 * Who may call a route. Every API route declares one in `config.access`; registering a route without it
 * fails at start-up, so no route can be added unguarded.
 * - public: anyone (sign-in, sign-up, brand look-up).
 * - user: any signed-in user; the route serves the caller's own data.
 * - patient: the patient named by path parameter `param`, or staff of that patient's organization.
 * - owner: the patient who owns the `resource` whose id is in path parameter `param`, or staff of its organization.
 * - staff: care team, physicians and admins of the organization.
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'user' }
  | { kind: 'patient'; param: string }
  | { kind: 'owner'; resource: string; param: string }
  | { kind: 'staff' };

export type Auth = { userId: string; organizationId: string; role: UserRole; sessionId: string };

/** What the audit row of a request records about its target; `recorded` once the row is queued. */
export type AuditTarget = { patientId: string | null; denied: boolean; recorded: boolean };

export type Owner = { userId: string; organizationId: string };
/** Finds who owns a resource; routes of kind `owner` name one of these. */
export type OwnerResolver = (id: string) => Promise<Owner | undefined>;

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    auth: Auth | null;
    /** Set by the access check; the audit row of the request is written from it. */
    auditTarget: AuditTarget | null;
  }
}

const STAFF: ReadonlySet<UserRole> = new Set(['care_team', 'physician', 'admin']);
export const isStaff = (role: UserRole): boolean => STAFF.has(role);

const ORG_PARAMS = ['org', 'orgId'] as const;

function bearer(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const token = header.startsWith('Bearer ') ? header.slice(7) : header;
  return token.trim() || undefined;
}

/** The signed-in user of a request, or null for an anonymous one. Throws 401 for a bad or ended token. */
export async function authenticate(
  request: FastifyRequest,
  tokens: TokenService,
  sessions: SessionRepository,
): Promise<Auth> {
  const token = bearer(request);
  if (!token) throw Errors.unauthorized();
  const claims = await tokens.verify(token);
  const session = await sessions.findActive(claims.sid, claims.sub);
  if (!session || session.organizationId !== claims.org) throw Errors.unauthorized();
  return {
    userId: session.userId,
    organizationId: session.organizationId,
    role: session.role,
    sessionId: claims.sid,
  };
}

type Deps = {
  tokens: TokenService;
  sessions: SessionRepository;
  audit: AuditWriter;
  owners: Map<string, OwnerResolver>;
  /** Organization of a patient, for staff reaching a patient by id. */
  patientOrganization: (patientId: string) => Promise<string | undefined>;
  /** Receives every guarded route, so tests can walk all of them. */
  registry: RegisteredRoute[];
};

export type RegisteredRoute = { method: string; url: string; access: Access };

/**
 * The one place where access is decided. Installed in the API's scope: it checks every route's declared
 * access before validation and handler run, and writes one audit row for every non-public request.
 */
export function installAccessControl(app: FastifyInstance, deps: Deps): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('auditTarget', null);

  app.addHook('onRoute', (route) => {
    if (!route.config?.access) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule (config.access).`);
    }
    const access = route.config.access;
    if ((access.kind === 'patient' || access.kind === 'owner') && !route.url.includes(`:${access.param}`)) {
      throw new Error(
        `Route ${route.method} ${route.url} names access param "${access.param}" it does not have.`,
      );
    }
    if (access.kind === 'owner' && !deps.owners.has(access.resource)) {
      throw new Error(
        `Route ${route.method} ${route.url} names unknown owner resource "${access.resource}".`,
      );
    }
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') deps.registry.push({ method, url: route.url, access });
    }
  });

  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config.access;
    if (!access || access.kind === 'public') return;
    const target: AuditTarget = { patientId: null, denied: true, recorded: false };
    request.auditTarget = target;
    const params = (request.params ?? {}) as Record<string, string | undefined>;
    if (access.kind === 'patient') target.patientId = params[access.param] ?? null;

    const auth = await authenticate(request, deps.tokens, deps.sessions);
    request.auth = auth;

    for (const name of ORG_PARAMS) {
      const org = params[name];
      if (org !== undefined && org !== auth.organizationId) throw Errors.notFound();
    }
    const headerOrg = request.headers.organization;
    if (typeof headerOrg === 'string' && headerOrg !== '' && headerOrg !== auth.organizationId) {
      throw Errors.forbidden();
    }

    switch (access.kind) {
      case 'user':
        target.patientId = auth.userId;
        break;
      case 'staff':
        if (!isStaff(auth.role)) throw Errors.forbidden();
        break;
      case 'patient': {
        const patientId = params[access.param];
        if (patientId !== auth.userId) {
          if (!isStaff(auth.role) || !patientId) throw Errors.forbidden();
          if ((await deps.patientOrganization(patientId)) !== auth.organizationId) throw Errors.notFound();
        }
        break;
      }
      case 'owner': {
        const id = params[access.param];
        const owner = id ? await deps.owners.get(access.resource)!(id) : undefined;
        if (!owner || owner.organizationId !== auth.organizationId) throw Errors.notFound();
        target.patientId = owner.userId;
        if (owner.userId !== auth.userId && !isStaff(auth.role)) throw Errors.forbidden();
        break;
      }
      default: {
        const unknownKind: never = access;
        throw new Error(`Unknown access kind ${JSON.stringify(unknownKind)}`);
      }
    }
    target.denied = false;
  });

  const auditRow = (request: FastifyRequest, status: number, target: AuditTarget) =>
    ({
      actorId: request.auth?.userId ?? null,
      organizationId: request.auth?.organizationId ?? null,
      patientId: target.patientId && /^[0-9a-f]{24}$/i.test(target.patientId) ? target.patientId : null,
      action: `${request.method} ${request.routeOptions.url ?? ''}`,
      outcome: target.denied ? 'denied' : status < 400 ? 'allowed' : 'failed',
      statusCode: status,
      clientAddress: request.ip,
      requestId: String(request.id),
    }) as const;

  // The audit row is committed before the response leaves (decision 022): onSend runs after the payload is
  // serialized and before the first byte is written, so the status is final. A row that cannot be written
  // turns the answer into a 503 without the data.
  app.addHook('onSend', async (request, reply, payload) => {
    const target = request.auditTarget;
    if (!target || target.recorded) return payload;
    target.recorded = true;
    try {
      await deps.audit.record(auditRow(request, reply.statusCode, target));
      return payload;
    } catch {
      reply.code(503);
      reply.header('content-type', 'application/json; charset=utf-8');
      return JSON.stringify({
        text: 'ServiceUnavailable',
        message: 'The service is unavailable. Please try again in a moment.',
      });
    }
  });

  // A reply that never went through onSend (hijacked, or the connection died first) is still recorded.
  app.addHook('onResponse', async (request, reply) => {
    const target = request.auditTarget;
    if (!target || target.recorded) return;
    target.recorded = true;
    await deps.audit.record(auditRow(request, reply.statusCode, target)).catch(() => undefined);
  });
}
