import { availableParallelism } from 'node:os';

/**
 * Connections to a PostgreSQL server unless configured: one more than this machine's cores, at least 3
 * (decision 054). Each connection with statements queued costs a write and a backend's wake-up per turn of
 * the event loop, so a few busy connections serve more than many.
 */
export const DEFAULT_POOL_SIZE = Math.max(3, availableParallelism() + 1);
