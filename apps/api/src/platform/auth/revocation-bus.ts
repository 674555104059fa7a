import type { FastifyBaseLogger } from 'fastify';

const CHANNEL = 'portal:sessions:revoked';

export type RevocationBus = {
  publish(userId: string): void;
  close(): Promise<void>;
};

/**
 * Tells every server instance that a user's sessions ended, so their session caches drop them at once.
 * Without Redis there is one instance (or the cache's few seconds are the bound), and publishing is a no-op.
 */
export async function createRevocationBus(
  redisUrl: string | undefined,
  onRevoked: (userId: string) => void,
  log: FastifyBaseLogger,
): Promise<RevocationBus> {
  if (!redisUrl) return { publish: () => undefined, close: async () => undefined };
  const { Redis } = await import('ioredis');
  const onError = (error: Error) =>
    log.warn({ err: { message: error.message } }, 'redis error (session revocations)');
  const publisher = new Redis(redisUrl, { maxRetriesPerRequest: 2 });
  const subscriber = new Redis(redisUrl);
  publisher.on('error', onError);
  subscriber.on('error', onError);
  subscriber.on('message', (channel: string, userId: string) => {
    if (channel === CHANNEL) onRevoked(userId);
  });
  await subscriber.subscribe(CHANNEL).catch(onError);
  return {
    publish(userId) {
      publisher.publish(CHANNEL, userId).catch(onError);
    },
    async close() {
      subscriber.disconnect();
      publisher.disconnect();
    },
  };
}
