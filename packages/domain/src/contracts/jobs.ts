import { z } from 'zod';
import { Id } from './common';

/** GET /v2/jobs/{org}/failed: the clinic's deferred work that failed after its retries (admin). */
export const FailedJobsQuery = z
  .object({
    queue: z
      .string()
      .regex(/^[a-z0-9-]{1,64}$/, 'A queue name.')
      .optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict();

export const FailedJob = z.object({
  _id: z.string(),
  queue: z.string(),
  /** Attempts made after the first. */
  retry_count: z.number().int(),
  /** What the last attempt failed with: an error type, code and message, never a patient's data. */
  error: z
    .object({ type: z.string().optional(), code: z.string().optional(), message: z.string().optional() })
    .nullable(),
  created_at: z.string(),
  failed_at: z.string(),
});
export const FailedJobs = z.object({ docs: z.array(FailedJob) });
export type FailedJobs = z.infer<typeof FailedJobs>;

export const OrgParams = z.object({ org: Id }).strict();
