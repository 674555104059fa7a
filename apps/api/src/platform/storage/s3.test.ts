import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import { describe, expect, it } from 'vitest';
import { createS3Client, createS3Storage, objectKey, type S3Sender } from './s3';

const settings = { bucket: 'phi-bucket', region: 'us-east-1', prefix: 'uploads/' };

function recorder(answer: (command: unknown) => unknown = () => ({})) {
  const sent: unknown[] = [];
  const client: S3Sender = {
    async send(command) {
      sent.push(command);
      return answer(command);
    },
  };
  return { sent, client };
}

describe('S3 storage (no network)', () => {
  it('puts the bytes under prefix + random key with the content type', async () => {
    const { sent, client } = recorder();
    const storage = createS3Storage(settings, client);
    const body = Buffer.from('jpeg bytes');
    const { key } = await storage.put(body, { contentType: 'image/jpeg' });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(sent).toHaveLength(1);
    const command = sent[0] as PutObjectCommand;
    expect(command).toBeInstanceOf(PutObjectCommand);
    expect(command.input).toMatchObject({
      Bucket: 'phi-bucket',
      Key: `uploads/${key}`,
      ContentType: 'image/jpeg',
      ContentLength: body.length,
      CacheControl: 'private, no-store',
    });
    expect(command.input.Body).toBe(body);
  });

  it('gets a stream and maps a missing object to undefined', async () => {
    const key = 'a'.repeat(32);
    const { sent, client } = recorder(() => ({ Body: Readable.from([Buffer.from('bytes')]) }));
    const stream = await createS3Storage(settings, client).get(key);
    expect(await text(stream!)).toBe('bytes');
    expect(sent[0]).toBeInstanceOf(GetObjectCommand);
    expect((sent[0] as GetObjectCommand).input).toEqual({ Bucket: 'phi-bucket', Key: `uploads/${key}` });

    const missing = recorder(() => {
      throw Object.assign(new Error('missing'), { name: 'NoSuchKey' });
    });
    expect(await createS3Storage(settings, missing.client).get(key)).toBeUndefined();
    const broken = recorder(() => {
      throw Object.assign(new Error('denied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
    });
    await expect(createS3Storage(settings, broken.client).get(key)).rejects.toThrow('denied');
  });

  it('deletes by key and refuses foreign keys', async () => {
    const { sent, client } = recorder();
    const storage = createS3Storage(settings, client);
    await storage.delete('b'.repeat(32));
    expect(sent[0]).toBeInstanceOf(DeleteObjectCommand);
    expect((sent[0] as DeleteObjectCommand).input).toEqual({
      Bucket: 'phi-bucket',
      Key: `uploads/${'b'.repeat(32)}`,
    });
    await expect(storage.delete('../other-tenant/file')).rejects.toThrow('invalid key');
    expect(() => objectKey('uploads/', 'x.png')).toThrow('invalid key');
  });

  it('builds the client with region, endpoint and path style', async () => {
    const client = createS3Client({ ...settings, endpoint: 'http://minio.local:9000', forcePathStyle: true });
    expect(await client.config.region()).toBe('us-east-1');
    expect(client.config.forcePathStyle).toBe(true);
    const endpoint = await client.config.endpoint?.();
    expect(endpoint?.hostname).toBe('minio.local');
    client.destroy();
  });
});
