import {
  HEIGHT_FEET_MAX,
  HEIGHT_FEET_MIN,
  HEIGHT_INCHES_MIN,
  HEIGHT_INCHES_VALIDATION_MAX,
  MIN_AGE,
  WEIGHT_MAX_LB,
} from '../constants';
import { ageOn, type CalendarDate, isPlausibleBirthday, parseMmDdYyyy } from '../format/date';
import { FORM_ERROR_MESSAGES, MESSAGES } from '../messages';
import type { FieldErrors } from './auth';
import { nameError } from './name';

/** Biological sex values. */
export const SEX_VALUES = ['male', 'female'] as const;
/** A biological sex value. */
export type Sex = (typeof SEX_VALUES)[number];

/** Values of the consultation profile step (000 §5); numbers may arrive as typed strings. */
export interface ProfileStepValues {
  sex: string | null | undefined;
  birthday: string;
  weight: string | number | null | undefined;
  height_feet: string | number | null | undefined;
  height_inches: string | number | null | undefined;
  state: string | null | undefined;
}

/** Fields of the profile step that can carry an error; height covers feet and inches. */
export type ProfileStepField = 'sex' | 'birthday' | 'weight' | 'height' | 'state';

/** Values of the settings personal-information form (001 §5). */
export interface PersonalInfoValues {
  first_name: string;
  last_name: string;
  sex: string | null | undefined;
  birthday: string;
  weight: string | number | null | undefined;
  height_feet: string | number | null | undefined;
  height_inches: string | number | null | undefined;
}

/** Fields of the personal-information form that can carry an error; height covers feet and inches. */
export type PersonalInfoField = 'first_name' | 'last_name' | 'sex' | 'birthday' | 'weight' | 'height';

/** Outcome of checking a birthday: ok, empty, invalid (format, not real, future, over 150 years) or underage. */
export type BirthdayCheck = 'ok' | 'empty' | 'invalid' | 'underage';

/** True for 'male' or 'female'. */
export function isSex(value: unknown): value is Sex {
  return value === 'male' || value === 'female';
}

/** Parses a whole number from a number or a digits-only string, or returns null. */
function parseWholeNumber(value: string | number | null | undefined): number | null {
  if (typeof value === 'number') return Number.isInteger(value) ? value : null;
  if (typeof value !== 'string') return null;
  const trimmed = value.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : null;
}

/** Weight in whole pounds when it is digits only, greater than 0 and at most 1500, otherwise null. */
export function parseWeight(value: string | number | null | undefined): number | null {
  const weight = parseWholeNumber(value);
  return weight !== null && weight > 0 && weight <= WEIGHT_MAX_LB ? weight : null;
}

/** True when feet is a whole number 1 to 10 and inches a whole number 0 to 12. */
export function isValidHeight(
  feet: string | number | null | undefined,
  inches: string | number | null | undefined,
): boolean {
  const f = parseWholeNumber(feet);
  const i = parseWholeNumber(inches);
  return (
    f !== null &&
    f >= HEIGHT_FEET_MIN &&
    f <= HEIGHT_FEET_MAX &&
    i !== null &&
    i >= HEIGHT_INCHES_MIN &&
    i <= HEIGHT_INCHES_VALIDATION_MAX
  );
}

/** Checks an MM-DD-YYYY birthday: exactly 10 characters, real date, in the past, within 150 years, age at least 18 on "today". */
export function checkBirthday(
  value: string | null | undefined,
  today: Date | CalendarDate = new Date(),
): BirthdayCheck {
  if (!value || value.trim() === '') return 'empty';
  const birthday = parseMmDdYyyy(value);
  if (!birthday || !isPlausibleBirthday(birthday, today)) return 'invalid';
  return ageOn(birthday, today) >= MIN_AGE ? 'ok' : 'underage';
}

/** Validates the consultation profile step (000 §5); today is the date ages are measured on. */
export function validateProfileStep(
  v: ProfileStepValues,
  today: Date | CalendarDate = new Date(),
): FieldErrors<ProfileStepField> {
  const errors: FieldErrors<ProfileStepField> = {};
  if (!isSex(v.sex)) errors.sex = MESSAGES.sexRequired;
  const birthday = checkBirthday(v.birthday, today);
  if (birthday === 'empty' || birthday === 'invalid') errors.birthday = MESSAGES.birthdayInvalid;
  else if (birthday === 'underage') errors.birthday = MESSAGES.underage;
  if (parseWeight(v.weight) === null) errors.weight = MESSAGES.weightInvalid;
  if (!isValidHeight(v.height_feet, v.height_inches)) errors.height = MESSAGES.heightInvalid;
  if (!v.state || v.state.trim() === '') errors.state = MESSAGES.stateRequired;
  return errors;
}

/** Validates the settings personal-information form by the error keys of 001 §5; today is the date ages are measured on. */
export function validatePersonalInfoForm(
  v: PersonalInfoValues,
  today: Date | CalendarDate = new Date(),
): FieldErrors<PersonalInfoField> {
  const errors: FieldErrors<PersonalInfoField> = {};
  const first = nameError(v.first_name, 'first');
  if (first) errors.first_name = first;
  const last = nameError(v.last_name, 'last');
  if (last) errors.last_name = last;
  if (!isSex(v.sex)) errors.sex = FORM_ERROR_MESSAGES.SEX;
  const birthday = checkBirthday(v.birthday, today);
  if (birthday === 'empty') errors.birthday = FORM_ERROR_MESSAGES.BIRTHDAY_EMPTY;
  else if (birthday === 'invalid') errors.birthday = FORM_ERROR_MESSAGES.BIRTHDAY_DATE;
  else if (birthday === 'underage') errors.birthday = FORM_ERROR_MESSAGES.BIRTHDAY_AGE;
  if (parseWeight(v.weight) === null) errors.weight = FORM_ERROR_MESSAGES.WEIGHT;
  if (!isValidHeight(v.height_feet, v.height_inches)) errors.height = FORM_ERROR_MESSAGES.HEIGHT;
  return errors;
}

/** Fields that make a profile complete (000 §3, 002 §3). */
export interface ProfileCompletenessFields {
  first_name?: string | null;
  last_name?: string | null;
  email?: string | null;
  birthday?: string | null;
  height?: number | string | null;
  weight?: number | string | null;
  sex?: string | null;
}

/** True when first_name, last_name, email, birthday, height, weight and sex are all present. */
export function isProfileComplete(user: ProfileCompletenessFields | null | undefined): boolean {
  if (!user) return false;
  const fields = [
    user.first_name,
    user.last_name,
    user.email,
    user.birthday,
    user.height,
    user.weight,
    user.sex,
  ];
  return fields.every((f) => f !== null && f !== undefined && f !== '');
}

/** The three yes/no flags of the medical profile with their detail texts. */
export interface MedicalProfileFlags {
  has_allergies?: boolean | null;
  allergy_text?: string | null;
  has_medical_conditions?: boolean | null;
  medical_condition_text?: string | null;
  has_current_medications?: boolean | null;
  current_medications?: string | null;
}

/** False when any of the three yes/no flags is unset, or a yes answer lacks a non-blank text (000 §4). */
export function isMedicalProfileComplete(profile: MedicalProfileFlags | null | undefined): boolean {
  if (!profile) return false;
  const pairs: [boolean | null | undefined, string | null | undefined][] = [
    [profile.has_allergies, profile.allergy_text],
    [profile.has_medical_conditions, profile.medical_condition_text],
    [profile.has_current_medications, profile.current_medications],
  ];
  return pairs.every(([flag, text]) => {
    if (flag === null || flag === undefined) return false;
    return flag === false || (typeof text === 'string' && text.trim() !== '');
  });
}

/** The pharmacy-questions starting step: 0 for female users (pregnancy question), otherwise 1 (000 §4). */
export function pharmacyStartStep(sex: string | null | undefined): number {
  return sex === 'female' ? 0 : 1;
}
