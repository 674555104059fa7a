import { Id } from '@portal/domain/contracts/common';
import {
  Notification,
  NotificationPreferencesAnswer,
  NotificationPreferencesBody,
  NotificationsPage,
  NotificationsQuery,
  ReadAllResult,
} from '@portal/domain/notifications/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponses } from '../../platform/errors';
import { createNotificationsRepository } from './notifications.repository';
import { createNotificationsService } from './notifications.service';

const tags = ['notifications'];

/** The bell and the notifications page (001 §2, §7), and the Notifications tab of settings. */
export const notificationsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = createNotificationsService({ repo: createNotificationsRepository(app.ctx.db) });

  app.get(
    '/v2/notifications',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'A page of the caller’s notifications, newest first, with the unread count',
        description:
          'page (from 1), limit (default 10, at most 50); read=false lists only the unread ones. To walk on, ' +
          'send the next_cursor of the page before as cursor (and its page + 1 as page).',
        querystring: NotificationsQuery,
        response: { 200: NotificationsPage, ...errorResponses },
      },
    },
    async (request) => service.page(request.auth!.userId, request.query),
  );

  app.post(
    '/v2/notifications/read-all',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Mark all of the caller’s notifications read',
        // nothing to send; anything else sent is a mistake worth a 400
        body: z.object({}).strict().nullish(),
        response: { 200: ReadAllResult, ...errorResponses },
      },
    },
    async (request) => service.markAllRead(request.auth!.userId),
  );

  app.get(
    '/v2/notifications/:id',
    {
      config: { access: { kind: 'owner', resource: 'notification', param: 'id' } },
      schema: {
        tags,
        summary:
          'One notification: its patient or staff of their organization (another patient’s answers 403)',
        description: 'Reading it does not mark it read: POST /v2/notifications/{id}/read does.',
        params: z.object({ id: Id }).strict(),
        response: { 200: Notification, ...errorResponses },
      },
    },
    async (request) => service.one(request.params.id),
  );

  app.post(
    '/v2/notifications/:id/read',
    {
      config: { access: { kind: 'user' } },
      schema: {
        tags,
        summary: 'Mark one of the caller’s notifications read (another patient’s answers 404)',
        params: z.object({ id: Id }).strict(),
        body: z.object({}).strict().nullish(),
        response: { 200: Notification, ...errorResponses },
      },
    },
    async (request) => service.markRead(request.auth!.userId, request.params.id),
  );

  app.get(
    '/v2/users/:id/notification-preferences',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'Where each category of notification reaches the patient (e-mail, SMS); the portal always',
        params: z.object({ id: Id }).strict(),
        response: { 200: NotificationPreferencesAnswer, ...errorResponses },
      },
    },
    async (request) => service.preferences(request.params.id),
  );

  app.put(
    '/v2/users/:id/notification-preferences',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags,
        summary: 'Save where each category of notification reaches the patient',
        params: z.object({ id: Id }).strict(),
        body: NotificationPreferencesBody,
        response: { 200: NotificationPreferencesAnswer, ...errorResponses },
      },
    },
    async (request) => service.savePreferences(request.params.id, request.body),
  );
};
