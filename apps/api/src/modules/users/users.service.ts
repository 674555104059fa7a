import type { PatientUser, UpdateUserBody } from '@portal/domain/contracts/user';
import { mmDdYyyyToIso } from '@portal/domain/format/date';
import { nationalNumber } from '@portal/domain/format/phone';
import { MESSAGES } from '@portal/domain/messages';
import { isLifestyleComplete, LIFESTYLE_QUESTIONS } from '@portal/domain/signup/lifestyle';
import { normalizeEmail } from '@portal/domain/validation/auth';
import { ApiError, Errors } from '../../platform/errors';
import type { UserChanges, UsersRepository } from './users.repository';

/** The fields a verified identity fixes: changing them needs the care team (000 §7). */
const LOCKED_WHEN_VERIFIED = ['first_name', 'last_name', 'sex', 'birthday'] as const;

/** A changed e-mail that another account of the organization has (001 §5 settings wording, 000 §8). */
const emailTaken = () => new ApiError(400, 'EmailAlreadyExists', MESSAGES.emailAlreadyExists);

/** The patient record: reading it, and the changes a patient may make to it. */
export function createUsersService(users: UsersRepository) {
  async function patient(id: string): Promise<PatientUser> {
    const user = await users.findPatient(id);
    if (!user) throw Errors.notFound('The patient');
    return user;
  }

  return {
    patient,

    /**
     * Applies the patient's changes: a verified patient's name, sex and birthday stay as verified; a new
     * e-mail must be free in the organization; a new mobile number must be verified again.
     */
    async update(org: string, id: string, body: UpdateUserBody): Promise<PatientUser> {
      const current = await patient(id);
      if (
        current.verified &&
        LOCKED_WHEN_VERIFIED.some((k) => body[k] !== undefined && body[k] !== current[k])
      ) {
        throw Errors.badRequest(MESSAGES.verifiedProfileLocked, 'ProfileLocked');
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

    async mergeLifestyle(id: string, lifestyle: Parameters<UsersRepository['mergeLifestyle']>[1]) {
      const updated = await users.mergeLifestyle(id, lifestyle);
      if (!updated) throw Errors.notFound('The patient');
      return updated;
    },

    /** The lifestyle questions with the patient's current answers. */
    async lifestyle(id: string) {
      const answers = (await patient(id)).medical_profile?.lifestyle ?? {};
      return { questions: [...LIFESTYLE_QUESTIONS], answers, complete: isLifestyleComplete(answers) };
    },
  };
}
