import { z } from 'zod';

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
          })
          .strict(),
      )
      .min(1)
      .max(BATCH_MAX),
  })
  .strict();

export const BatchResult = z.object({
  responses: z.array(z.object({ status: z.number().int(), body: z.unknown() })),
});
