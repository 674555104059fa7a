import { constants } from 'node:fs';
import { mkdir, open, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { assertStorageKey, newStorageKey, type StorageAdapter } from './adapter';

/**
 * Files in a private folder of the server: created 0700, each file 0600, named by its random key. The
 * folder must lie outside any statically served folder (checked in createStorageAdapter).
 */
export function createLocalStorage(dir: string): StorageAdapter & { readonly dir: string } {
  const root = path.resolve(dir);
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(root, { recursive: true, mode: 0o700 }).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const fileOf = (key: string) => path.join(root, assertStorageKey(key));

  return {
    kind: 'local',
    dir: root,
    async put(body) {
      await ensureDir();
      const key = newStorageKey();
      const file = fileOf(key);
      const partial = `${file}.part`;
      // Written under a temporary name, then renamed: a reader never sees half a file.
      await writeFile(partial, body, { mode: 0o600, flag: 'wx' });
      try {
        await rename(partial, file);
      } catch (error) {
        await rm(partial, { force: true });
        throw error;
      }
      return { key };
    },
    async get(key) {
      let handle: Awaited<ReturnType<typeof open>>;
      try {
        handle = await open(fileOf(key), constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
        throw error;
      }
      return handle.createReadStream() as Readable;
    },
    async delete(key) {
      await rm(fileOf(key), { force: true });
    },
  };
}
