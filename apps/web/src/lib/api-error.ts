import { MESSAGES } from '@portal/domain/messages';

/** Error codes the server sends in `text` that the client acts on (000 §8, 002 §8.1). */
export const ERROR_TEXT = {
  invalidCredentials: 'InvalidCredentials',
  emailAlreadyExists: 'EmailAlreadyExists',
  networkError: 'NetworkError',
  tokenExpired: 'TokenExpired',
  tooManyRequests: 'TooManyRequests',
} as const;

/** A failed API call: the HTTP status (0 when the network failed) and the server's `{ text, message }`. */
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;

  constructor(status: number, text: string, message: string) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** Reads the server's error body; anything else gives the default NetworkError text and message. */
export function toApiError(status: number, body: unknown): ApiError {
  if (body !== null && typeof body === 'object') {
    const { text, message } = body as { text?: unknown; message?: unknown };
    if (typeof text === 'string' && typeof message === 'string') return new ApiError(status, text, message);
  }
  return new ApiError(status, ERROR_TEXT.networkError, MESSAGES.networkError);
}
