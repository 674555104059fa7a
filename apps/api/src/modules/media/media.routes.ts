import multipart from '@fastify/multipart';
import { Id } from '@portal/domain/contracts/common';
import { PatientImages } from '@portal/domain/contracts/media';
import { UserImage } from '@portal/domain/contracts/user';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createMediaRepository } from './media.repository';
import { createMediaService } from './media.service';
import { PHOTO_FORM_LIMITS, readPhotoUpload } from './multipart';

/** Identity photo and selfie uploads and their reading (000 §4 "Identity photo flow", §5, §7; 001 §2). */
export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, storage } = app.ctx;
  const media = createMediaService({ repo: createMediaRepository(db), storage });

  // Multipart parsing for this module's routes only (this plugin is encapsulated).
  await app.register(multipart, { limits: PHOTO_FORM_LIMITS, throwFileSizeLimit: false });

  app.post(
    '/patient-identification/:org',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags: ['media'],
        summary:
          'Upload the caller’s ID photo or selfie (multipart: file, client_id, image_type id_images|profile_images, reupload_image, intake)',
        consumes: ['multipart/form-data'],
        params: z.object({ org: Id }),
        response: { 200: UserImage, ...errorResponses },
      },
    },
    async (request) => {
      const upload = await readPhotoUpload(request);
      const auth = request.auth!;
      return media.uploadPhoto(
        { userId: auth.userId, organizationId: auth.organizationId },
        upload,
        request.log,
      );
    },
  );

  app.get(
    '/users/:org/user/:id/patient/images',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['media'],
        summary: 'Portal URLs of the patient’s ID photo and selfie',
        params: z.object({ org: Id, id: Id }),
        response: { 200: PatientImages, ...errorResponses },
      },
    },
    async (request) => media.patientImages(request.params.id),
  );

  app.get(
    '/v2/media/:id',
    {
      config: { access: { kind: 'owner', resource: 'media', param: 'id' } },
      schema: {
        tags: ['media'],
        summary: 'A stored file of the patient (owner or the care team of the organization)',
        params: z.object({ id: Id }),
        // The bytes are streamed as they are: a stream is never run through the serializer.
        response: { 200: z.any().describe('The file, with its own content type'), ...errorResponses },
      },
      // After the API's own no-store: a private answer, never kept by any cache.
      onSend: async (_request, reply) => {
        reply.header('cache-control', 'private, no-store');
      },
    },
    async (request, reply) => {
      const file = await media.open(request.params.id, request.log);
      return reply
        .header('content-type', file.mimeType)
        .header('content-length', String(file.byteSize))
        .header('content-disposition', 'inline')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );
};
