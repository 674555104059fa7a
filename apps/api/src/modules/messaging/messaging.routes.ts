import multipart from '@fastify/multipart';
import { Id } from '@portal/domain/contracts/common';
import {
  AssignBody,
  Conversation,
  ConversationQuery,
  InboxConversation,
  InboxPage,
  InboxQuery,
  MarkReadBody,
  Message,
  PatientConversations,
  QuickReplies,
  QuickReply,
  QuickReplyBody,
  ReadState,
  SendMessageBody,
  TypingBody,
  UploadedMedia,
} from '@portal/domain/contracts/messaging';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';
import { ApiError, Errors, errorResponses } from '../../platform/errors';
import { notifierFor } from '../notifications/notifier';
import { cleanAttachment } from './attachments';
import { MESSAGE_FORM_LIMITS, readMessageForm } from './message-form';
import { createMessagingRepository } from './messaging.repository';
import {
  createMessagingService,
  DEFAULT_REMINDER_DELAY_MINUTES,
  MESSAGE_REMINDER_QUEUE,
} from './messaging.service';

const tags = ['messaging'];

const ConversationParams = z.object({ org: Id, id: Id, cid: Id }).strict();
const PatientParams = z.object({ org: Id, id: Id }).strict();

/** A body read by hand (a form, or JSON beside a form) gets the same 400 as a schema-checked one. */
function parseBody<T>(schema: ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value ?? {});
  if (result.success) return result.data;
  const fields = result.error.issues.map((issue) => ({
    path: ['body', ...issue.path.map(String)].join('.'),
    message: issue.message,
  }));
  throw new ApiError(400, 'ValidationError', fields[0]?.message ?? 'Invalid request.', {}, fields);
}

/**
 * The chat between a patient and the care team (001 §2–§9, 002 §7.8, issue 13): the patient's conversation,
 * its pages, sending (text, or a file as a form, or files uploaded first through POST /v2/media), read
 * receipts and typing notices, each told in real time on the conversation's channel; and the clinic's inbox.
 * Conversation routes take `patient` access: the patient named in the path, or staff of their clinic.
 */
export const messagingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { ctx } = app;
  const repo = createMessagingRepository(ctx.db);
  const service = createMessagingService({
    db: ctx.db,
    repo,
    storage: ctx.storage,
    realtime: ctx.realtime,
    notifier: notifierFor(app),
    jobs: ctx.jobs,
    now: () => ctx.now(),
    reminderDelayMinutes: async (organizationId) => {
      const organization = await ctx.organizations.findById(organizationId);
      return organization?.settings.messaging?.reminder_delay_minutes ?? DEFAULT_REMINDER_DELAY_MINUTES;
    },
  });
  ctx.jobs.register<{ conversationId: string; since: string }>(
    MESSAGE_REMINDER_QUEUE,
    (data) => service.remind(data),
    { retryLimit: 3, retryDelaySeconds: 60, retryBackoff: true },
  );

  await app.register(multipart, { limits: MESSAGE_FORM_LIMITS, throwFileSizeLimit: false });
  app.get(
    '/v2/conversations/patient',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary:
          'The caller’s conversation with their care team (made on first use), with its newest messages',
        response: { 200: PatientConversations, ...errorResponses },
      },
    },
    async (request) => service.forPatient(request.auth!),
  );

  app.get(
    '/conversations/:org/patient/:id/conversation/:cid',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'A page of a conversation, oldest first: the newest, or with lastId the page before it',
        description:
          'lastId: the oldest loaded message’s id, or its created_at (ISO date or milliseconds). ' +
          'internal_message=true adds the care team’s notes (staff only). has_more says older ones remain.',
        params: ConversationParams,
        querystring: ConversationQuery,
        response: { 200: Conversation, ...errorResponses },
      },
    },
    async (request) => {
      const { id, cid } = request.params;
      return service.read(request.auth!, id, cid, request.query);
    },
  );

  app.put(
    '/conversations/:org/patient/:id/conversation/:cid',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary:
          'Send a message: JSON (text, or media uploaded first) or a form (file, client_id, mediaType, text)',
        description:
          'A file is checked by its content: jpg, jpeg, png, gif, pdf, doc or docx up to 10,000,000 bytes. ' +
          'Staff may also send blocks, an announcement (message_style 2) or an internal note.',
        consumes: ['application/json', 'multipart/form-data'],
        params: ConversationParams,
        response: { 200: Message, ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const { id, cid } = request.params;
      if (request.isMultipart()) {
        const form = await readMessageForm(request);
        const fields = parseBody(
          SendMessageBody.pick({
            text: true,
            message: true,
            client_id: true,
            mediaType: true,
            socket_id: true,
          }),
          form.fields,
        );
        if (fields.client_id && fields.client_id !== id) {
          throw Errors.badRequest('client_id must be the patient of this conversation.');
        }
        await service.conversationAt(auth, id, cid);
        const file = form.file ? await cleanAttachment(form.file.bytes, form.file.name) : undefined;
        return service.send(auth, id, cid, {
          text: fields.text ?? fields.message,
          file,
          socketId: fields.socket_id,
        });
      }
      const body = parseBody(SendMessageBody, request.body);
      return service.send(auth, id, cid, {
        text: body.text ?? body.message,
        blocks: body.blocks,
        messageStyle: body.message_style,
        internal: body.internal_message,
        mediaIds: body.media,
        socketId: body.socket_id,
      });
    },
  );

  const markRead = async (request: FastifyRequest<{ Params: { id: string; cid?: string } }>) => {
    const body = parseBody(MarkReadBody, request.body);
    const cid = request.params.cid ?? body.conversation_id;
    if (!cid) throw Errors.badRequest('conversation_id is required.');
    if (body.conversation_id && body.conversation_id !== cid) {
      throw Errors.badRequest('conversation_id does not match the path.');
    }
    return service.markRead(request.auth!, request.params.id, cid, body.socket_id);
  };
  const readSchema = {
    tags,
    summary: 'Mark the conversation read for the caller’s side (the patient, or the care team)',
    response: { 200: ReadState, ...errorResponses },
  };
  // the documents leave the path's tail open: served both under the patient and under the conversation
  app.put(
    '/conversations/:org/patient/:id/patient/read',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: { ...readSchema, params: PatientParams, body: MarkReadBody },
    },
    markRead,
  );
  app.put(
    '/conversations/:org/patient/:id/conversation/:cid/patient/read',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: { ...readSchema, params: ConversationParams, body: MarkReadBody },
    },
    markRead,
  );

  app.post(
    '/conversations/:org/patient/:id/conversation/:cid/typing',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'Tell the other side the caller is typing (an event on the conversation’s channel)',
        params: ConversationParams,
        body: TypingBody,
        response: { 200: z.object({ sent: z.boolean() }), ...errorResponses },
      },
    },
    async (request) => {
      const auth = request.auth!;
      const sender = await repo.person(auth.userId);
      if (!sender) throw Errors.unauthorized();
      const body = parseBody(TypingBody, request.body);
      return service.typing(
        auth,
        request.params.id,
        request.params.cid,
        sender,
        body.socketId ?? body.socket_id,
      );
    },
  );

  app.post(
    '/v2/media',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Upload a file for a message (multipart: file); it is the sender’s until sent',
        description: 'jpg, jpeg, png, gif, pdf, doc or docx up to 10,000,000 bytes, checked by content.',
        consumes: ['multipart/form-data'],
        response: { 200: UploadedMedia, ...errorResponses },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw Errors.badRequest('Please send the file as a multipart form (file).');
      const form = await readMessageForm(request);
      if (!form.file) throw Errors.badRequest('Please send one file in the field "file".');
      return service.upload(request.auth!, await cleanAttachment(form.file.bytes, form.file.name));
    },
  );

  // The care team's inbox (issue 13 §4).
  app.get(
    '/care/:org/conversations',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'The clinic’s conversations: unread first, then the longest waiting',
        params: z.object({ org: Id }).strict(),
        querystring: InboxQuery,
        response: { 200: InboxPage, ...errorResponses },
      },
    },
    async (request) => service.inbox(request.auth!, request.query),
  );

  app.post(
    '/care/:org/conversations/:cid/assign',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Give the conversation to a member of the care team (staff_id null: nobody)',
        params: z.object({ org: Id, cid: Id }).strict(),
        body: AssignBody,
        response: { 200: InboxConversation, ...errorResponses },
      },
    },
    async (request) => {
      const answer = await service.assign(request.auth!, request.params.cid, request.body);
      if (request.auditTarget) request.auditTarget.patientId = answer.patient._id;
      return answer;
    },
  );

  app.get(
    '/care/:org/quick-replies',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'The replies the clinic keeps for its care team',
        params: z.object({ org: Id }).strict(),
        response: { 200: QuickReplies, ...errorResponses },
      },
    },
    async (request) => service.quickReplies(request.auth!),
  );

  app.post(
    '/care/:org/quick-replies',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Keep a reply for the care team',
        params: z.object({ org: Id }).strict(),
        body: QuickReplyBody,
        response: { 200: QuickReply, ...errorResponses },
      },
    },
    async (request) => service.addQuickReply(request.auth!, request.body.title, request.body.text),
  );

  app.delete(
    '/care/:org/quick-replies/:id',
    {
      config: { access: { kind: 'staff' } },
      schema: {
        tags,
        summary: 'Remove a kept reply',
        params: z.object({ org: Id, id: Id }).strict(),
        response: { 200: z.object({ deleted: z.literal(true) }), ...errorResponses },
      },
    },
    async (request) => service.removeQuickReply(request.auth!, request.params.id),
  );
};
