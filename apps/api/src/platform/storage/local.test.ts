import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { createStorageAdapter, uploadsDir } from './index';
import { createLocalStorage } from './local';

const base = mkdtempSync(path.join(tmpdir(), 'portal-storage-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

describe('local storage', () => {
  const storage = createLocalStorage(path.join(base, 'uploads'));

  it('stores under a random key in a private folder, file mode 0600, and reads it back', async () => {
    const { key } = await storage.put(Buffer.from('hello photo'), { contentType: 'image/png' });
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    const file = path.join(base, 'uploads', key);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(statSync(path.join(base, 'uploads')).mode & 0o777).toBe(0o700);
    expect(readdirSync(path.join(base, 'uploads'))).toEqual([key]);
    const stream = await storage.get(key);
    expect(stream).toBeDefined();
    expect(await text(stream!)).toBe('hello photo');
  });

  it('gives distinct keys and deletes (a missing file is no error)', async () => {
    const a = await storage.put(Buffer.from('a'), { contentType: 'image/png' });
    const b = await storage.put(Buffer.from('b'), { contentType: 'image/png' });
    expect(a.key).not.toBe(b.key);
    await storage.delete(a.key);
    expect(await storage.get(a.key)).toBeUndefined();
    await expect(storage.delete(a.key)).resolves.toBeUndefined();
    expect(await text((await storage.get(b.key))!)).toBe('b');
  });

  it('refuses keys that are not its own random ids (no path traversal)', async () => {
    for (const bad of ['../etc/passwd', 'photo.png', '', 'A'.repeat(32), `${'a'.repeat(31)}/`]) {
      await expect(storage.get(bad)).rejects.toThrow('invalid key');
      await expect(storage.delete(bad)).rejects.toThrow('invalid key');
    }
  });
});

describe('storage selection', () => {
  const config = (env: Record<string, string>) =>
    loadConfig({ NODE_ENV: 'test', TOKEN_SECRET: 'x'.repeat(40), LOG_LEVEL: 'silent', ...env });
  const log = { warn: () => {} } as never;

  it('uses DATA_DIR/uploads by default and UPLOADS_DIR when set', async () => {
    expect(uploadsDir(config({ DATA_DIR: base }))).toBe(path.join(base, 'uploads'));
    expect(uploadsDir(config({ DATA_DIR: base, UPLOADS_DIR: path.join(base, 'u') }))).toBe(
      path.join(base, 'u'),
    );
    expect((await createStorageAdapter(config({ DATA_DIR: base }), log)).kind).toBe('local');
  });

  it('refuses an uploads folder inside the served web folder', async () => {
    await expect(
      createStorageAdapter(
        config({ DATA_DIR: base, WEB_DIST: base, UPLOADS_DIR: path.join(base, 'x') }),
        log,
      ),
    ).rejects.toThrow(/statically served/);
  });

  it('uses S3 when S3_BUCKET is set (and requires a region)', async () => {
    const s3 = await createStorageAdapter(config({ S3_BUCKET: 'phi-bucket', S3_REGION: 'us-east-1' }), log);
    expect(s3.kind).toBe('s3');
    expect(() => config({ S3_BUCKET: 'phi-bucket' })).toThrow(/S3_REGION/);
  });
});
