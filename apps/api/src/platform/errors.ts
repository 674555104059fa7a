import { MESSAGES } from '@portal/domain/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { ErrorReporter } from './error-reporting/reporter';
import { describeError } from './log-safe';

/** The error body of every failed call: a machine-readable `text` and a sentence for people. */
export const ErrorBody = z.object({
  text: z.string(),
  message: z.string(),
  fields: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** Response schemas for the error statuses any route may answer with. */
export const errorResponses = {
  400: ErrorBody,
  401: ErrorBody,
  403: ErrorBody,
  404: ErrorBody,
  429: ErrorBody,
} as const;

export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    readonly text: string,
    message: string,
    readonly headers: Record<string, string> = {},
    /** The fields at fault, as a schema validation failure names them. */
    readonly fields?: ErrorBody['fields'],
  ) {
    super(message);
  }
}

export const Errors = {
  invalidCredentials: () => new ApiError(401, 'InvalidCredentials', MESSAGES.invalidCredentials),
  emailAlreadyExists: () => new ApiError(400, 'EmailAlreadyExists', MESSAGES.patientEmailAlreadyExists),
  unauthorized: () => new ApiError(401, 'Unauthorized', 'Please log in to continue.'),
  tokenExpired: () => new ApiError(401, 'TokenExpired', MESSAGES.sessionExpired),
  forbidden: () => new ApiError(403, 'Forbidden', 'You do not have access to this resource.'),
  notFound: (what = 'The requested resource') => new ApiError(404, 'NotFound', `${what} was not found.`),
  badRequest: (message: string, text = 'ValidationError') => new ApiError(400, text, message),
  tooManyRequests: (retryAfterSeconds: number) =>
    new ApiError(429, 'TooManyRequests', 'Too many attempts. Please wait a few minutes and try again.', {
      'retry-after': String(retryAfterSeconds),
    }),
};

const MESSAGE_BY_STATUS: Record<number, [string, string]> = {
  400: ['BadRequest', 'The request could not be understood.'],
  404: ['NotFound', 'The requested resource was not found.'],
  405: ['MethodNotAllowed', 'This method is not allowed here.'],
  413: ['PayloadTooLarge', 'The request body is too large.'],
  415: ['UnsupportedMediaType', 'This content type is not supported.'],
  429: ['TooManyRequests', 'Too many requests. Please wait a moment and try again.'],
};

/**
 * No cache keeps an error or a not-found answer: it may concern one patient, and a proxy or the browser must
 * not answer a later request with it. The API's own answers get the same from the API scope's hook (app.ts);
 * these two handlers also answer what no API route reached (unknown paths, failures before routing).
 */
const NO_STORE = { 'cache-control': 'no-store', pragma: 'no-cache' } as const;

function locate(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, field].filter(Boolean).join('.');
}

/**
 * Fastify's `frameworkErrors` option: what the router refuses before any route or hook (a path that is not
 * valid percent-encoding, a parameter over the length limit) gets the error shape and no-store too, instead
 * of Fastify's own body, which repeats the path.
 */
export function answerFrameworkError(
  error: FastifyError,
  _request: FastifyRequest,
  reply: FastifyReply,
): void {
  reply.headers(NO_STORE);
  if (error.code === 'FST_ERR_BAD_URL' || error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.code(400).send({ text: 'BadRequest', message: 'The request could not be understood.' });
    return;
  }
  reply.code(500).send({ text: 'NetworkError', message: MESSAGES.generic });
}

/**
 * Maps every failure to the {text, message} shape. Client mistakes get their 4xx with a clear message;
 * anything unexpected is logged (without the request body) and answered with a generic 500, never a stack.
 */
export function installErrorHandler(
  app: FastifyInstance,
  reporter: () => ErrorReporter | undefined = () => undefined,
): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    reply.headers(NO_STORE);
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({
          text: error.text,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: locate(v.instancePath, error.validationContext),
        message: v.message ?? 'Invalid value',
      }));
      const first = fields[0];
      const message = first?.message ?? 'Invalid request.';
      return reply.code(400).send({ text: 'ValidationError', message, fields });
    }
    if (isResponseSerializationError(error)) {
      request.log.error(
        { err: { message: error.message, code: error.code } },
        'response did not match its schema',
      );
      return reply.code(500).send({ text: 'NetworkError', message: MESSAGES.generic });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const [text, message] = MESSAGE_BY_STATUS[status] ?? [
        'BadRequest',
        'The request could not be understood.',
      ];
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error instanceof SyntaxError
          ? 'Malformed JSON body.'
          : message;
      return reply.code(status).send({ text, message: detail });
    }
    const context = {
      requestId: String(request.id),
      route: request.routeOptions?.url,
      userId: (request as { auth?: { userId?: string } | null }).auth?.userId,
    };
    const port = reporter();
    if (port) port.capture(error, context);
    else {
      const frames = error.stack?.split('\n').slice(1, 12).join('\n');
      request.log.error({ err: { ...describeError(error), frames } }, 'unhandled error');
    }
    return reply.code(500).send({ text: 'NetworkError', message: MESSAGES.generic });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply
      .code(404)
      .headers(NO_STORE)
      .send({ text: 'NotFound', message: 'The requested resource was not found.' });
  });
}
