import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PHOTO_MAX_BYTES } from '@portal/domain/constants';
import { MESSAGES } from '@portal/domain/messages';
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createTestApp, json, rows, signupPatient, type TestApp } from '../../test/harness';

type Patient = Awaited<ReturnType<typeof signupPatient>>;
let t: TestApp;
let org: string;
let patient: Patient;
let dataDir: string;
let webDir: string;

/** A multipart body built by hand, as a browser would send it. */
function form(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = `----portal${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`,
      ),
      file.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(
  who: Patient,
  fields: Record<string, string>,
  file?: { name: string; type: string; data: Buffer },
) {
  const body = form(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/patient-identification/${who.organization}`,
    headers: { ...bearer(who.token), 'content-type': body.contentType },
    payload: body.payload,
  });
}

const png = () =>
  sharp({ create: { width: 32, height: 16, channels: 3, background: { r: 200, g: 30, b: 30 } } })
    .png()
    .toBuffer();

/** A 40x20 JPEG with GPS tags and orientation 6 (shown rotated: 20x40). */
const jpegWithGps = () =>
  sharp({ create: { width: 40, height: 20, channels: 3, background: { r: 10, g: 120, b: 220 } } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 1' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '40/1 26/1 4615/100',
        GPSLongitudeRef: 'W',
        GPSLongitude: '79/1 58/1 5535/100',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-media-data-'));
  webDir = mkdtempSync(path.join(tmpdir(), 'portal-media-web-'));
  mkdirSync(path.join(webDir, 'assets'));
  writeFileSync(
    path.join(webDir, 'index.html'),
    '<html><head><!--portal-brand--></head><body>app</body></html>',
  );
  t = await createTestApp({ DATA_DIR: dataDir, WEB_DIST: webDir });
  org = json<{ _id: string }>(await t.app.inject({ url: '/organization/search?domain=localhost' }))._id;
  patient = await signupPatient(t.app, org);
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(webDir, { recursive: true, force: true });
});

const fetchMedia = (url: string, who: Patient) => t.app.inject({ url, headers: bearer(who.token) });

describe('POST /patient-identification/{org}', () => {
  it('stores a PNG selfie, updates the user image and serves it back privately', async () => {
    const original = await png();
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images', reupload_image: 'false' },
      { name: 'me.png', type: 'image/png', data: original },
    );
    expect(res.statusCode, res.body).toBe(200);
    const image = json<{ profile: { profile_url: string; date_uploaded: string } }>(res);
    expect(image.profile.profile_url).toMatch(/^\/v2\/media\/[0-9a-f]{24}$/);
    expect(Number.isNaN(Date.parse(image.profile.date_uploaded))).toBe(false);

    const read = await fetchMedia(image.profile.profile_url, patient);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/png');
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.headers['x-content-type-options']).toBe('nosniff');
    const meta = await sharp(read.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'png', width: 32, height: 16 });

    const images = await t.app.inject({
      url: `/users/${org}/user/${patient.id}/patient/images`,
      headers: bearer(patient.token),
    });
    expect(images.statusCode).toBe(200);
    expect(json(images)).toEqual({ id_url: null, profile_url: image.profile.profile_url });
  });

  it('removes EXIF (GPS) from a JPEG ID photo and keeps its orientation applied', async () => {
    const original = await jpegWithGps();
    const before = await sharp(original).metadata();
    expect(before.exif?.includes(Buffer.from('PhoneMaker'))).toBe(true);
    expect(before.orientation).toBe(6);

    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'id_images', reupload_image: 'false' },
      // The declared name and type are ignored: the content decides.
      { name: 'license.txt', type: 'text/plain', data: original },
    );
    expect(res.statusCode, res.body).toBe(200);
    const image = json<{ id: { id_url: string }; profile: { profile_url: string } }>(res);
    expect(image.profile.profile_url).toBeDefined();

    const read = await fetchMedia(image.id.id_url, patient);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    const after = await sharp(read.rawPayload).metadata();
    expect(after.format).toBe('jpeg');
    expect(after.exif).toBeUndefined();
    expect(after.xmp).toBeUndefined();
    expect(after.orientation).toBeUndefined();
    expect([after.width, after.height]).toEqual([20, 40]);
    expect(read.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    const [row] = await rows<{
      kind: string;
      storage_key: string;
      original_name: string | null;
      byte_size: number;
    }>(
      t.database,
      sql`select kind, storage_key, original_name, byte_size from media where id = ${image.id.id_url.split('/').pop()!}`,
    );
    expect(row).toMatchObject({ kind: 'id_image', original_name: null, byte_size: read.rawPayload.length });
    // Stored under the uploads folder by its random key, readable by the server's user only.
    const file = path.join(dataDir, 'uploads', row!.storage_key);
    expect(existsSync(file)).toBe(true);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file).equals(read.rawPayload)).toBe(true);
    expect(row!.storage_key).not.toContain('license');

    // Not reachable through the static site.
    for (const url of [
      `/${row!.storage_key}`,
      `/uploads/${row!.storage_key}`,
      `/data/uploads/${row!.storage_key}`,
      `/../uploads/${row!.storage_key}`,
      `/assets/../../${path.basename(dataDir)}/uploads/${row!.storage_key}`,
    ]) {
      const res2 = await t.app.inject({ url });
      expect(res2.rawPayload.equals(read.rawPayload), url).toBe(false);
      expect(res2.headers['content-type'] ?? '', url).not.toContain('image/');
    }
  });

  it('decodes a genuine HEIC photo and serves back the JPEG of its pixels, never the file sent', async () => {
    const heic = readFileSync(new URL('./fixtures/photo.heic', import.meta.url));
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      { name: 'IMG_0001.HEIC', type: 'image/heic', data: heic },
    );
    expect(res.statusCode, res.body).toBe(200);
    const url = json<{ profile: { profile_url: string } }>(res).profile.profile_url;
    const read = await fetchMedia(url, patient);
    expect(read.statusCode).toBe(200);
    expect(read.headers['content-type']).toBe('image/jpeg');
    const meta = await sharp(read.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'jpeg', width: 160, height: 120 });
    expect(meta.exif).toBeUndefined();
    expect(read.rawPayload.includes(Buffer.from('PortalTestCam'))).toBe(false);
  });

  it('refuses HEIF boxes around HTML, and never serves such a file stored before uploads were decoded', async () => {
    const html = Buffer.from('<html><body><script>alert(document.cookie)</script></body></html>');
    const box = (type: string, body: Buffer) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(8 + body.length, 0);
      head.write(type, 4, 'latin1');
      return Buffer.concat([head, body]);
    };
    const fake = Buffer.concat([
      box('ftyp', Buffer.concat([Buffer.from('heic'), Buffer.alloc(4), Buffer.from('mif1heic')])),
      box('meta', Buffer.alloc(64)),
      box('mdat', html),
    ]);
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'id_images' },
      { name: 'id.heic', type: 'image/heic', data: fake },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'UnsupportedFileType', message: MESSAGES.photoTypeInvalid });

    // Rows of HEIC files kept as sent by the earlier code: the fake is not served, a genuine one as JPEG.
    const stored = async (bytes: Buffer) => {
      const res2 = await upload(
        patient,
        { client_id: patient.id, image_type: 'id_images' },
        { name: 'a.png', type: 'image/png', data: await png() },
      );
      const id = json<{ id: { id_url: string } }>(res2).id.id_url.split('/').pop()!;
      const { key } = await t.app.ctx.storage.put(bytes, { contentType: 'image/heic' });
      await rows(
        t.database,
        sql`update media set mime_type = 'image/heic', storage_key = ${key}, byte_size = ${bytes.length} where id = ${id}`,
      );
      return `/v2/media/${id}`;
    };
    const fakeRead = await fetchMedia(await stored(fake), patient);
    expect(fakeRead.statusCode).toBe(404);
    expect(fakeRead.rawPayload.includes(html)).toBe(false);
    const genuine = await fetchMedia(
      await stored(readFileSync(new URL('./fixtures/photo.heic', import.meta.url))),
      patient,
    );
    expect(genuine.statusCode).toBe(200);
    expect(genuine.headers['content-type']).toBe('image/jpeg');
    expect(Number(genuine.headers['content-length'])).toBe(genuine.rawPayload.length);
    expect((await sharp(genuine.rawPayload).metadata()).format).toBe('jpeg');
  });

  it('refuses a NUL character in a text field of the form', async () => {
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images', intake: 'abc\u0000' },
      { name: 'a.png', type: 'image/png', data: await png() },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ text: 'ValidationError', fields: [{ path: 'body.intake' }] });
  });

  it('refuses a text file renamed .png with 400', async () => {
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      {
        name: 'photo.png',
        type: 'image/png',
        data: Buffer.from('just some text, not a picture\n'.repeat(20)),
      },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'UnsupportedFileType', message: MESSAGES.photoTypeInvalid });
  });

  it('refuses an image of another type (GIF) and a damaged PNG', async () => {
    const gif = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      { name: 'a.png', type: 'image/png', data: gif },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toMatchObject({ text: 'UnsupportedFileType' });
    const broken = (await png()).subarray(0, 40);
    const res2 = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      { name: 'a.png', type: 'image/png', data: broken },
    );
    expect(res2.statusCode).toBe(400);
  });

  it('answers FileSizeLimitError for 10mb + 1 byte', async () => {
    const big = Buffer.alloc(PHOTO_MAX_BYTES + 1, 0);
    (await png()).copy(big);
    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      { name: 'big.png', type: 'image/png', data: big },
    );
    expect(res.statusCode).toBe(400);
    expect(json(res)).toEqual({ text: 'FileSizeLimitError', message: MESSAGES.fileTooBig });
    const far = await upload(
      patient,
      { client_id: patient.id, image_type: 'profile_images' },
      { name: 'big.png', type: 'image/png', data: Buffer.alloc(PHOTO_MAX_BYTES + 500_000, 1) },
    );
    expect(json(far)).toEqual({ text: 'FileSizeLimitError', message: MESSAGES.fileTooBig });
  });

  it('refuses a client_id other than the caller, bad fields, a missing file and JSON bodies', async () => {
    const other = await signupPatient(t.app, org);
    const file = { name: 'a.png', type: 'image/png', data: await png() };
    expect((await upload(patient, { client_id: other.id, image_type: 'id_images' }, file)).statusCode).toBe(
      403,
    );
    expect((await upload(patient, { client_id: patient.id, image_type: 'selfies' }, file)).statusCode).toBe(
      400,
    );
    expect((await upload(patient, { client_id: patient.id, image_type: 'id_images' })).statusCode).toBe(400);
    const json400 = await t.app.inject({
      method: 'POST',
      url: `/patient-identification/${org}`,
      headers: bearer(patient.token),
      payload: { client_id: patient.id, image_type: 'id_images' },
    });
    expect(json400.statusCode).toBe(400);
  });

  it('lets no other patient read the photo or the image list', async () => {
    const mine = json<{ profile: { profile_url: string } }>(
      await upload(
        patient,
        { client_id: patient.id, image_type: 'profile_images' },
        { name: 'a.png', type: 'image/png', data: await png() },
      ),
    );
    const intruder = await signupPatient(t.app, org);
    const res = await fetchMedia(mine.profile.profile_url, intruder);
    expect([403, 404]).toContain(res.statusCode);
    expect(res.headers['content-type']).toContain('application/json');
    const otherOrg = json<{ _id: string }>(
      await t.app.inject({ url: '/organization/search?domain=127.0.0.1' }),
    )._id;
    const outsider = await signupPatient(t.app, otherOrg);
    expect((await fetchMedia(mine.profile.profile_url, outsider)).statusCode).toBe(404);
    expect((await t.app.inject({ url: mine.profile.profile_url })).statusCode).toBe(401);
    const list = await t.app.inject({
      url: `/users/${org}/user/${patient.id}/patient/images`,
      headers: bearer(intruder.token),
    });
    expect(list.statusCode).toBe(403);
  });

  it('on reupload with the patient’s intake clears awaiting_patient_update and sets image_verification', async () => {
    const [template] = await rows<{ id: string }>(
      t.database,
      sql`select id from intake_templates where organization_id = ${org} and is_global`,
    );
    const intake = json<{ _id: string }>(
      await t.app.inject({
        method: 'POST',
        url: `/users/${org}/user/${patient.id}/template/${template!.id}`,
        headers: bearer(patient.token),
      }),
    )._id;
    await t.database.db.execute(
      sql`update intakes set awaiting_patient_update = '{"is_awaiting": true, "reason": "ID/Profile Image Mismatch"}'::jsonb where id = ${intake}`,
    );
    // Someone else's intake is not found.
    const stranger = await signupPatient(t.app, org);
    const refused = await upload(
      stranger,
      { client_id: stranger.id, image_type: 'id_images', reupload_image: 'true', intake },
      { name: 'a.png', type: 'image/png', data: await png() },
    );
    expect(refused.statusCode).toBe(404);

    const res = await upload(
      patient,
      { client_id: patient.id, image_type: 'id_images', reupload_image: 'true', intake },
      { name: 'a.jpg', type: 'image/jpeg', data: await jpegWithGps() },
    );
    expect(res.statusCode, res.body).toBe(200);
    const idUrl = json<{ id: { id_url: string } }>(res).id.id_url;
    const [row] = await rows<{ awaiting_patient_update: unknown; image_verification: unknown }>(
      t.database,
      sql`select awaiting_patient_update, image_verification from intakes where id = ${intake}`,
    );
    expect(row!.awaiting_patient_update).toMatchObject({ is_awaiting: false });
    expect(row!.image_verification).toEqual({ id_image_url: idUrl });
  });
});
