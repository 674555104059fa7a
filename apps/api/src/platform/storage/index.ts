import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import { WEB_DIST_DIR } from '../../paths';
import type { StorageAdapter } from './adapter';
import { createLocalStorage } from './local';

export type { StorageAdapter } from './adapter';

const inside = (dir: string, parent: string) => {
  const rel = path.relative(path.resolve(parent), path.resolve(dir));
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
};

/** The local uploads folder: UPLOADS_DIR, else DATA_DIR/uploads (a per-process temporary folder for memory://). */
export function uploadsDir(config: Config): string {
  if (config.UPLOADS_DIR) return path.resolve(config.UPLOADS_DIR);
  if (config.DATA_DIR.startsWith('memory://')) return path.join(tmpdir(), `portal-uploads-${process.pid}`);
  return path.resolve(config.DATA_DIR, 'uploads');
}

/**
 * S3-compatible storage when S3_BUCKET is configured, otherwise the private local folder. The SDK is
 * loaded only when S3 is used.
 */
export async function createStorageAdapter(config: Config, log: FastifyBaseLogger): Promise<StorageAdapter> {
  if (config.S3_BUCKET && config.S3_REGION) {
    const settings = {
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      endpoint: config.S3_ENDPOINT,
      forcePathStyle: config.S3_FORCE_PATH_STYLE,
      prefix: config.S3_PREFIX,
    };
    const { createS3Client, createS3Storage } = await import('./s3');
    return createS3Storage(settings, createS3Client(settings));
  }
  const dir = uploadsDir(config);
  const served = config.WEB_DIST ?? WEB_DIST_DIR;
  if (inside(dir, served) || inside(served, dir)) {
    throw new Error('The uploads folder must not be inside (or contain) the statically served web folder.');
  }
  if (config.NODE_ENV === 'production' && config.DATA_DIR.startsWith('memory://')) {
    log.warn('storage: uploads are kept in a temporary folder; set DATA_DIR, UPLOADS_DIR or S3_BUCKET');
  }
  return createLocalStorage(dir);
}
