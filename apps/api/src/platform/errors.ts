import { MESSAGES } from '@portal/domain/messages';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';
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

function locate(instancePath: string, context: string | undefined): string {
  const field = instancePath.replace(/^\//, '').replaceAll('/', '.');
  return [context, field].filter(Boolean).join('.');
}

/**
 * Maps every failure to the {text, message} shape. Client mistakes get their 4xx with a clear message;
 * anything unexpected is logged (without the request body) and answered with a generic 500, never a stack.
 */
export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      return reply
        .code(error.statusCode)
        .headers(error.headers)
        .send({ text: error.text, message: error.message });
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
    // The stack's frames only: its first line repeats the message, which for a query holds its parameters.
    const frames = error.stack?.split('\n').slice(1, 12).join('\n');
    request.log.error({ err: { ...describeError(error), frames } }, 'unhandled error');
    return reply.code(500).send({ text: 'NetworkError', message: MESSAGES.generic });
  });

  app.setNotFoundHandler((_request, reply) => {
    reply.code(404).send({ text: 'NotFound', message: 'The requested resource was not found.' });
  });
}
