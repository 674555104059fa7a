import { Id } from '@portal/domain/contracts/common';
import {
  ChangePasswordBody,
  ChangePasswordResponse,
  MobileVerifyBody,
  PatientState,
  SendMobileVerificationBody,
  SendMobileVerificationResponse,
  UpdateShippingBody,
} from '@portal/domain/contracts/settings';
import { PatientUser } from '@portal/domain/contracts/user';
import { normalizeShipping } from '@portal/domain/validation/shipping';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deviceName } from '../../platform/auth/device-name';
import { ErrorBody, Errors, errorResponses } from '../../platform/errors';
import { createSettingsService } from './settings.service';

const PatientParams = z.object({ org: Id, id: Id });
const PATIENT = { access: { kind: 'patient', param: 'id' } } as const;

/** The settings calls beyond PUT /users/{org}/{id} (001 §2 Settings, §7; 002 §4.8, §7.7). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users, organizations } = app.ctx;
  const settings = createSettingsService(app.ctx);

  app.put(
    '/users/:org/:id/reset-password',
    {
      config: PATIENT,
      schema: {
        tags: ['users'],
        summary:
          'Change the password (current password required); other sessions end, this device gets a new token',
        params: PatientParams,
        body: ChangePasswordBody,
        response: { 200: ChangePasswordResponse, ...errorResponses },
      },
    },
    async (request) =>
      settings.changePassword(
        request.params.id,
        request.body,
        request.ip,
        deviceName(request.headers['user-agent']),
      ),
  );

  app.put(
    '/users/:org/:id/update-shipping',
    {
      config: PATIENT,
      schema: {
        tags: ['users'],
        summary: 'Replace the shipping address (001 §5 rules)',
        params: PatientParams,
        body: UpdateShippingBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => {
      const current = await users.findPatient(request.params.id);
      if (!current) throw Errors.notFound('The patient');
      const address = normalizeShipping({
        ...request.body.shipping_info,
        apt_suite: request.body.shipping_info.apt_suite ?? '',
      });
      // Fields this form does not own (a mobile number given at checkout) are kept.
      const updated = await users.update(request.params.id, {
        shippingInfo: { ...current.shipping_info, ...address },
      });
      if (!updated || updated === 'email-taken') throw Errors.notFound('The patient');
      return updated;
    },
  );

  app.get(
    '/users/:org/:id/state',
    {
      config: PATIENT,
      schema: {
        tags: ['users'],
        summary: 'The patient’s home state, or null',
        params: PatientParams,
        response: { 200: PatientState, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findPatient(request.params.id);
      if (!user) throw Errors.notFound('The patient');
      if (!user.state) return null;
      const states = await organizations.listStates();
      return states.find((s) => s.abbreviation === user.state) ?? null;
    },
  );

  app.post(
    '/users/:org/:id/send-mobile-verification',
    {
      config: PATIENT,
      schema: {
        tags: ['users'],
        summary: 'Text a 5-digit code (valid 10 minutes) to the number; limited per patient',
        params: PatientParams,
        body: SendMobileVerificationBody,
        response: { 200: SendMobileVerificationResponse, ...errorResponses, 502: ErrorBody },
      },
    },
    async (request) =>
      settings.sendCode(request.params.id, request.params.org, request.body.mobile_number, request.log),
  );

  app.post(
    '/users/:org/:id/mobile-verify',
    {
      config: PATIENT,
      schema: {
        tags: ['users'],
        summary: 'Check the code; saves the number as the verified mobile number',
        params: PatientParams,
        body: MobileVerifyBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => settings.verifyCode(request.params.id, request.body.code, request.body.mobile_number),
  );
};
