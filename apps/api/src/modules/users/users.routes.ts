import { Id } from '@portal/domain/contracts/common';
import { LifestyleResponse, PatchUserBody } from '@portal/domain/contracts/lifestyle';
import { MedicalProfile, PatientUser, ShippingInfo } from '@portal/domain/contracts/user';
import { mmDdYyyyToIso } from '@portal/domain/format/date';
import { nationalNumber } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import { isLifestyleComplete, LIFESTYLE_QUESTIONS } from '@portal/domain/signup/lifestyle';
import { isValidEmail, normalizeEmail } from '@portal/domain/validation/auth';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiError, Errors, errorResponses } from '../../platform/errors';
import type { UserChanges } from './users.repository';

const Name = z
  .string()
  .trim()
  .min(2, 'Name must be at least 2 characters long.')
  .max(35, 'Name must be less than 35 characters long.');

/** PUT /users/{org}/{id}: the fields a patient may change (000 §7). */
const UpdateUserBody = z
  .object({
    first_name: Name,
    last_name: Name,
    email: z.string().max(254).refine(isValidEmail, MESSAGES.emailInvalid),
    sex: z.enum(['male', 'female']),
    birthday: z.string().refine((v) => mmDdYyyyToIso(v) !== null, 'Please enter a valid date.'),
    state: z.string().regex(/^[A-Z]{2}$/, 'Please select a state.'),
    weight: z.coerce.number().int().positive().max(1500, 'Please enter a valid weight.'),
    height: z.coerce
      .number()
      .int()
      .positive()
      .max(10 * 12 + 12, 'Please select a valid height.'),
    intake_id: Id,
    medical_profile: MedicalProfile,
    shipping_info: ShippingInfo,
    mobile_number: z.string().max(20),
  })
  .partial()
  .strict();

const PatientParams = z.object({ org: Id, id: Id });

/** A changed e-mail that another account of the organization has (001 §5 settings wording, 000 §8). */
const emailTaken = () => new ApiError(400, 'EmailAlreadyExists', MESSAGES.emailAlreadyExists);

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const { users } = app.ctx;

  app.get(
    '/users/:org/user/:id/patient',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'The patient record',
        params: PatientParams,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findPatient(request.params.id);
      if (!user) throw Errors.notFound('The patient');
      return user;
    },
  );

  app.put(
    '/users/:org/:id',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Update the patient record',
        params: PatientParams,
        body: UpdateUserBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => {
      const { id, org } = request.params;
      const body = request.body;
      const current = await users.findPatient(id);
      if (!current) throw Errors.notFound('The patient');
      if (current.verified) {
        const locked = (['first_name', 'last_name', 'sex', 'birthday'] as const).filter(
          (k) => body[k] !== undefined && body[k] !== current[k],
        );
        if (locked.length > 0) {
          throw Errors.badRequest(MESSAGES.verifiedProfileLocked, 'ProfileLocked');
        }
      }
      const changes: UserChanges = {};
      if (body.email !== undefined) {
        const email = normalizeEmail(body.email);
        if (await users.emailTaken(org, email, id)) throw emailTaken();
        changes.email = email;
      }
      if (body.first_name !== undefined) changes.firstName = body.first_name;
      if (body.last_name !== undefined) changes.lastName = body.last_name;
      if (body.sex !== undefined) changes.sex = body.sex;
      if (body.birthday !== undefined) changes.birthday = mmDdYyyyToIso(body.birthday);
      if (body.state !== undefined) changes.state = body.state;
      if (body.weight !== undefined) changes.weight = body.weight;
      if (body.height !== undefined) changes.height = body.height;
      if (body.medical_profile !== undefined)
        changes.medicalProfile = { ...current.medical_profile, ...body.medical_profile };
      if (body.shipping_info !== undefined)
        changes.shippingInfo = { country: 'us', ...current.shipping_info, ...body.shipping_info };
      if (body.mobile_number !== undefined) {
        const mobile = nationalNumber(body.mobile_number);
        changes.mobileNumber = mobile || null;
        if (mobile !== current.mobile_number) changes.mobileVerified = false;
      }
      const updated = Object.keys(changes).length > 0 ? await users.update(id, changes) : current;
      if (updated === 'email-taken') throw emailTaken();
      if (!updated) throw Errors.notFound('The patient');
      return updated;
    },
  );

  const V2Params = z.object({ id: Id }).strict();

  app.patch(
    '/v2/users/:id',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'Save lifestyle answers into medical_profile.lifestyle (merged by question slug)',
        params: V2Params,
        body: PatchUserBody,
        response: { 200: PatientUser, ...errorResponses },
      },
    },
    async (request) => {
      const updated = await users.mergeLifestyle(request.params.id, request.body.medical_profile.lifestyle);
      if (!updated) throw Errors.notFound('The patient');
      return updated;
    },
  );

  app.get(
    '/v2/users/:id/lifestyle',
    {
      config: { access: { kind: 'patient', param: 'id' } },
      schema: {
        tags: ['users'],
        summary: 'The lifestyle questions with the patient’s current answers',
        params: V2Params,
        response: { 200: LifestyleResponse, ...errorResponses },
      },
    },
    async (request) => {
      const user = await users.findPatient(request.params.id);
      if (!user) throw Errors.notFound('The patient');
      const answers = user.medical_profile?.lifestyle ?? {};
      return { questions: [...LIFESTYLE_QUESTIONS], answers, complete: isLifestyleComplete(answers) };
    },
  );
};
