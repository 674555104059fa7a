import { z } from 'zod';

/** A 24-character hexadecimal id. */
export const Id = z.string().regex(/^[0-9a-f]{24}$/i, 'Must be a 24-character hexadecimal id.');
