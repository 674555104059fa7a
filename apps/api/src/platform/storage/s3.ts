import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  PutObjectCommand,
  S3Client,
  type S3ClientConfig,
} from '@aws-sdk/client-s3';
import { assertStorageKey, newStorageKey, type StorageAdapter } from './adapter';

export type S3Settings = {
  bucket: string;
  region: string;
  endpoint?: string | undefined;
  forcePathStyle?: boolean | undefined;
  prefix: string;
};

/** The part of the SDK client the adapter uses, so tests can record commands without a network. */
export type S3Sender = {
  send(command: PutObjectCommand | GetObjectCommand | DeleteObjectCommand): Promise<unknown>;
};

/** The client of the official SDK; credentials come from its default chain (environment, profile, role). */
export function createS3Client(settings: S3Settings): S3Client {
  const options: S3ClientConfig = { region: settings.region };
  if (settings.endpoint) options.endpoint = settings.endpoint;
  if (settings.forcePathStyle !== undefined) options.forcePathStyle = settings.forcePathStyle;
  return new S3Client(options);
}

/** Object key of a storage key: the configured prefix plus the random key. */
export const objectKey = (prefix: string, key: string): string => `${prefix}${assertStorageKey(key)}`;

export function putCommand(settings: S3Settings, key: string, body: Buffer, contentType: string) {
  return new PutObjectCommand({
    Bucket: settings.bucket,
    Key: objectKey(settings.prefix, key),
    Body: body,
    ContentType: contentType,
    ContentLength: body.length,
    // Never cached by a shared cache, even if the bucket is later put behind one.
    CacheControl: 'private, no-store',
  });
}

export const getCommand = (settings: S3Settings, key: string) =>
  new GetObjectCommand({ Bucket: settings.bucket, Key: objectKey(settings.prefix, key) });

export const deleteCommand = (settings: S3Settings, key: string) =>
  new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKey(settings.prefix, key) });

const isMissing = (error: unknown) => {
  const e = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return e.name === 'NoSuchKey' || e.name === 'NotFound' || e.$metadata?.httpStatusCode === 404;
};

/** Files in an S3-compatible bucket; the bucket must not be public (objects are read through the API). */
export function createS3Storage(settings: S3Settings, client: S3Sender): StorageAdapter {
  return {
    kind: 's3',
    async put(body, { contentType }) {
      const key = newStorageKey();
      await client.send(putCommand(settings, key, body, contentType));
      return { key };
    },
    async get(key) {
      try {
        const out = (await client.send(getCommand(settings, key))) as { Body?: unknown };
        const body = out.Body;
        if (!body) return undefined;
        if (body instanceof Readable) return body;
        const web = body as { transformToWebStream?: () => ReadableStream };
        if (typeof web.transformToWebStream === 'function') {
          return Readable.fromWeb(web.transformToWebStream() as import('node:stream/web').ReadableStream);
        }
        throw new Error('storage: unexpected S3 body');
      } catch (error) {
        if (isMissing(error)) return undefined;
        throw error;
      }
    },
    async delete(key) {
      await client.send(deleteCommand(settings, key));
    },
  };
}
