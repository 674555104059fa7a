import { ERROR_CODES } from '@portal/domain/constants';
import { ENTRY_MESSAGES } from '@portal/domain/entry-messages';

/** Error codes the server sends in `text` that the client acts on (000 §8, 002 §8.1; the domain's ERROR_CODES). */
export const ERROR_TEXT = {
  invalidCredentials: ERROR_CODES.InvalidCredentials,
  emailAlreadyExists: ERROR_CODES.EmailAlreadyExists,
  networkError: ERROR_CODES.NetworkError,
  tokenExpired: ERROR_CODES.TokenExpired,
  fileSizeLimit: ERROR_CODES.FileSizeLimitError,
  tooManyRequests: 'TooManyRequests',
} as const;

/** A field the server refused, as its validation answer names it (e.g. `body.shipping.shipping_info.zip_code`). */
export interface ApiErrorField {
  path: string;
  message: string;
}

/**
 * A failed API call: the HTTP status (0 when the network failed) and the server's `{ text, message }`, with the
 * answer's headers (e.g. the step a checkout failed at) and the refused fields when the server sent them.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly text: string;
  readonly headers: Headers | undefined;
  readonly fields: readonly ApiErrorField[];

  constructor(
    status: number,
    text: string,
    message: string,
    details: { headers?: Headers; fields?: readonly ApiErrorField[] } = {},
  ) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.text = text;
    this.headers = details.headers;
    this.fields = details.fields ?? [];
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

function fieldsOf(value: unknown): ApiErrorField[] {
  if (!Array.isArray(value)) return [];
  return value.filter(
    (f): f is ApiErrorField =>
      f !== null && typeof f === 'object' && typeof f.path === 'string' && typeof f.message === 'string',
  );
}

/** Reads the server's error body; anything else gives the default NetworkError text and message. */
export function toApiError(status: number, body: unknown, headers?: Headers): ApiError {
  if (body !== null && typeof body === 'object') {
    const { text, message, fields } = body as { text?: unknown; message?: unknown; fields?: unknown };
    if (typeof text === 'string' && typeof message === 'string')
      return new ApiError(status, text, message, {
        ...(headers ? { headers } : {}),
        fields: fieldsOf(fields),
      });
  }
  return new ApiError(
    status,
    ERROR_TEXT.networkError,
    ENTRY_MESSAGES.networkError,
    headers ? { headers } : {},
  );
}
