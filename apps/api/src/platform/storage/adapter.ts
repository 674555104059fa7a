import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where uploaded files (protected health information) are kept. Files are named by a random key the
 * adapter chooses, never by the client's file name; the database's media row holds the key.
 */
export type StorageAdapter = {
  readonly kind: 'local' | 's3';
  /** Stores the bytes under a new random key and returns it. */
  put(body: Buffer, opts: { contentType: string }): Promise<{ key: string }>;
  /** The stored bytes as a stream, or undefined when nothing is stored under the key. */
  get(key: string): Promise<Readable | undefined>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
};

/** 128 random bits in hex: the only form of key the adapters accept (no paths, no client names). */
const KEY = /^[0-9a-f]{32}$/;

export const newStorageKey = (): string => randomBytes(16).toString('hex');

export function assertStorageKey(key: string): string {
  if (!KEY.test(key)) throw new Error('storage: invalid key');
  return key;
}
