import { z } from 'zod';
import { VISIT_FOLLOW_UP_NAMES } from '../dashboard/visit-templates';

/** At most this many reads in one batch: a first page load, not a crawl. */
export const BATCH_MAX = 20;

/** POST /v2/batch: several GETs of this API in one round trip. */
export const BatchBody = z
  .object({
    requests: z
      .array(
        z
          .object({
            method: z.literal('GET'),
            url: z
              .string()
              .max(2048)
              .regex(/^\/[^\s]*$/, 'A path on this server.')
              .refine((u) => !u.startsWith('/v2/batch'), 'A batch cannot contain a batch.'),
            /**
             * Reads the server makes from this read's answer, a list of visits, as soon as it has it (the
             * dashboard's templates, dashboard/visit-templates.ts): answered in `follow_ups`, each checked
             * as if sent alone.
             */
            follow: z.enum(VISIT_FOLLOW_UP_NAMES).optional(),
          })
          .strict(),
      )
      .min(1)
      .max(BATCH_MAX),
  })
  .strict();

export const BatchResult = z.object({
  responses: z.array(z.object({ status: z.number().int(), body: z.unknown() })),
  /** The reads the requests' `follow` named, by address; absent when none was named. */
  follow_ups: z.array(z.object({ url: z.string(), status: z.number().int(), body: z.unknown() })).optional(),
});
