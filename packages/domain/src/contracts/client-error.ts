import { z } from 'zod';

/**
 * POST /v2/client-errors: an error the web app met, when no error-reporting service is configured. The app
 * scrubs it before sending (domain reporting/scrub) and the server scrubs it again before logging.
 */
export const ClientErrorBody = z
  .object({
    /** crash: the crash screen; route: a route's error screen; window / promise: uncaught elsewhere. */
    kind: z.enum(['crash', 'route', 'window', 'promise']),
    message: z.string().max(2000),
    stack: z.string().max(10_000).optional(),
    /** The page's path (no query, ids replaced). */
    path: z.string().max(1000),
    release: z.string().max(100).optional(),
  })
  .strict();
export type ClientErrorBody = z.infer<typeof ClientErrorBody>;

export const ClientErrorResponse = z.object({ request_id: z.string() });
