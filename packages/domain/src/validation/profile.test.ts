import { describe, expect, it } from 'vitest';
import {
  checkBirthday,
  isMedicalProfileComplete,
  isProfileComplete,
  isSex,
  isValidHeight,
  parseWeight,
  pharmacyStartStep,
  validatePersonalInfoForm,
  validateProfileStep,
} from './profile';

const TODAY = new Date(2024, 5, 15); // 15 June 2024

const validStep = {
  sex: 'female',
  birthday: '06-15-1990',
  weight: '150',
  height_feet: '5',
  height_inches: '6',
  state: 'CA',
};

const M = {
  sex: 'Please select your biological sex.',
  dob: 'Please provide a valid date of birth.',
  age: 'You must be 18 or older to see a Healthspan physician.',
  weight: 'Please enter your weight in pounds (digits only).',
  height: 'Please enter the correct height.',
  state: 'Please select the state that you are located.',
};

describe('checkBirthday', () => {
  it('classifies birthdays on a fixed today', () => {
    expect(checkBirthday('', TODAY)).toBe('empty');
    expect(checkBirthday('   ', TODAY)).toBe('empty');
    expect(checkBirthday(undefined, TODAY)).toBe('empty');
    expect(checkBirthday('06-15-2006', TODAY)).toBe('ok'); // exactly 18
    expect(checkBirthday('06-16-2006', TODAY)).toBe('underage'); // 17 years 364 days
    expect(checkBirthday('13-01-1990', TODAY)).toBe('invalid');
    expect(checkBirthday('06-15-2024', TODAY)).toBe('invalid'); // today is not in the past
    expect(checkBirthday('06-14-2024', TODAY)).toBe('underage');
    expect(checkBirthday('01-01-2030', TODAY)).toBe('invalid'); // future
    expect(checkBirthday('06-14-1874', TODAY)).toBe('invalid'); // over 150 years
    expect(checkBirthday('06-15-1874', TODAY)).toBe('ok');
  });

  it('handles a Feb 29 birthday turning 18', () => {
    expect(checkBirthday('02-29-2004', new Date(2022, 1, 28))).toBe('underage');
    expect(checkBirthday('02-29-2004', new Date(2022, 2, 1))).toBe('ok');
    expect(checkBirthday('02-29-2005', TODAY)).toBe('invalid'); // 2005 is not a leap year
  });
});

describe('field helpers', () => {
  it('isSex accepts male and female only', () => {
    expect(isSex('male')).toBe(true);
    expect(isSex('female')).toBe(true);
    expect(isSex('Male')).toBe(false);
    expect(isSex('')).toBe(false);
    expect(isSex(undefined)).toBe(false);
  });

  it('parseWeight accepts whole pounds 1 to 1500', () => {
    expect(parseWeight('150')).toBe(150);
    expect(parseWeight(' 150 ')).toBe(150);
    expect(parseWeight(150)).toBe(150);
    expect(parseWeight('1')).toBe(1);
    expect(parseWeight('1500')).toBe(1500);
    expect(parseWeight('1501')).toBeNull();
    expect(parseWeight('0')).toBeNull();
    expect(parseWeight('-1')).toBeNull();
    expect(parseWeight('150.5')).toBeNull();
    expect(parseWeight(150.5)).toBeNull();
    expect(parseWeight('abc')).toBeNull();
    expect(parseWeight('')).toBeNull();
    expect(parseWeight(null)).toBeNull();
  });

  it('isValidHeight accepts feet 1 to 10 and inches 0 to 12', () => {
    expect(isValidHeight('5', '6')).toBe(true);
    expect(isValidHeight(1, 0)).toBe(true);
    expect(isValidHeight(10, 11)).toBe(true);
    expect(isValidHeight(10, 12)).toBe(true);
    expect(isValidHeight(0, 6)).toBe(false);
    expect(isValidHeight(11, 0)).toBe(false);
    expect(isValidHeight(5, 13)).toBe(false);
    expect(isValidHeight(5, -1)).toBe(false);
    expect(isValidHeight(5.5, 0)).toBe(false);
    expect(isValidHeight('', '6')).toBe(false);
    expect(isValidHeight('5', '')).toBe(false);
    expect(isValidHeight(null, null)).toBe(false);
  });
});

describe('validateProfileStep (000 §5)', () => {
  it('returns an empty object when valid', () => {
    expect(validateProfileStep(validStep, TODAY)).toEqual({});
    expect(
      validateProfileStep({ ...validStep, weight: 150, height_feet: 5, height_inches: 0 }, TODAY),
    ).toEqual({});
  });

  it('requires the biological sex', () => {
    expect(validateProfileStep({ ...validStep, sex: '' }, TODAY)).toEqual({ sex: M.sex });
    expect(validateProfileStep({ ...validStep, sex: null }, TODAY)).toEqual({ sex: M.sex });
  });

  it('validates the date of birth', () => {
    for (const birthday of ['', '6-15-1990', '13-01-1990', '02-30-1990', '01-01-2030', '06-14-1874']) {
      expect(validateProfileStep({ ...validStep, birthday }, TODAY), birthday).toEqual({ birthday: M.dob });
    }
  });

  it('requires age 18 on today', () => {
    expect(validateProfileStep({ ...validStep, birthday: '06-16-2006' }, TODAY)).toEqual({ birthday: M.age });
    expect(validateProfileStep({ ...validStep, birthday: '06-15-2006' }, TODAY)).toEqual({});
  });

  it('validates the weight', () => {
    for (const weight of ['', '0', '-1', '1501', '12.5', 'abc', null]) {
      expect(validateProfileStep({ ...validStep, weight }, TODAY), String(weight)).toEqual({
        weight: M.weight,
      });
    }
    expect(validateProfileStep({ ...validStep, weight: '1500' }, TODAY)).toEqual({});
    expect(validateProfileStep({ ...validStep, weight: '1' }, TODAY)).toEqual({});
  });

  it('validates the height', () => {
    expect(validateProfileStep({ ...validStep, height_feet: '' }, TODAY)).toEqual({ height: M.height });
    expect(validateProfileStep({ ...validStep, height_feet: '0' }, TODAY)).toEqual({ height: M.height });
    expect(validateProfileStep({ ...validStep, height_feet: '11' }, TODAY)).toEqual({ height: M.height });
    expect(validateProfileStep({ ...validStep, height_inches: '13' }, TODAY)).toEqual({ height: M.height });
    expect(validateProfileStep({ ...validStep, height_inches: '' }, TODAY)).toEqual({ height: M.height });
    expect(validateProfileStep({ ...validStep, height_inches: '0' }, TODAY)).toEqual({});
  });

  it('requires the state', () => {
    expect(validateProfileStep({ ...validStep, state: '' }, TODAY)).toEqual({ state: M.state });
    expect(validateProfileStep({ ...validStep, state: undefined }, TODAY)).toEqual({ state: M.state });
  });

  it('reports every field at once', () => {
    expect(
      validateProfileStep(
        { sex: '', birthday: '', weight: '', height_feet: '', height_inches: '', state: '' },
        TODAY,
      ),
    ).toEqual({ sex: M.sex, birthday: M.dob, weight: M.weight, height: M.height, state: M.state });
  });
});

describe('validatePersonalInfoForm (001 §5)', () => {
  const valid = {
    first_name: 'Jane',
    last_name: 'Doe',
    sex: 'male',
    birthday: '06-15-1990',
    weight: '180',
    height_feet: '6',
    height_inches: '1',
  };

  it('returns an empty object when valid', () => {
    expect(validatePersonalInfoForm(valid, TODAY)).toEqual({});
  });

  it('checks names: empty, too short, too long', () => {
    expect(validatePersonalInfoForm({ ...valid, first_name: '' }, TODAY)).toEqual({
      first_name: 'Enter your first name.',
    });
    expect(validatePersonalInfoForm({ ...valid, first_name: 'J' }, TODAY)).toEqual({
      first_name: 'First name should be at least 2 characters long.',
    });
    expect(validatePersonalInfoForm({ ...valid, first_name: 'Jo' }, TODAY)).toEqual({});
    expect(validatePersonalInfoForm({ ...valid, first_name: 'a'.repeat(35) }, TODAY)).toEqual({});
    expect(validatePersonalInfoForm({ ...valid, first_name: 'a'.repeat(36) }, TODAY)).toEqual({
      first_name: 'First name must be less than 35 characters long.',
    });
    expect(validatePersonalInfoForm({ ...valid, last_name: ' ' }, TODAY)).toEqual({
      last_name: 'Enter your last name.',
    });
    expect(validatePersonalInfoForm({ ...valid, last_name: 'D' }, TODAY)).toEqual({
      last_name: 'Last name should be at least 2 characters long.',
    });
    expect(validatePersonalInfoForm({ ...valid, last_name: 'b'.repeat(36) }, TODAY)).toEqual({
      last_name: 'Last name must be less than 35 characters long.',
    });
  });

  it('requires the sex', () => {
    expect(validatePersonalInfoForm({ ...valid, sex: '' }, TODAY)).toEqual({
      sex: 'Please select an option.',
    });
  });

  it('checks the birthday with its own messages', () => {
    expect(validatePersonalInfoForm({ ...valid, birthday: '' }, TODAY)).toEqual({
      birthday: 'Please enter your birthday.',
    });
    expect(validatePersonalInfoForm({ ...valid, birthday: '13-01-1990' }, TODAY)).toEqual({
      birthday: 'Please enter a valid date.',
    });
    expect(validatePersonalInfoForm({ ...valid, birthday: '01-01-2099' }, TODAY)).toEqual({
      birthday: 'Please enter a valid date.',
    });
    expect(validatePersonalInfoForm({ ...valid, birthday: '06-16-2006' }, TODAY)).toEqual({
      birthday: 'You must be at least 18 years of age or older.',
    });
    expect(validatePersonalInfoForm({ ...valid, birthday: '06-15-2006' }, TODAY)).toEqual({});
  });

  it('checks weight and height with their own messages', () => {
    expect(validatePersonalInfoForm({ ...valid, weight: '0' }, TODAY)).toEqual({
      weight: 'Please enter a valid weight.',
    });
    expect(validatePersonalInfoForm({ ...valid, weight: '1501' }, TODAY)).toEqual({
      weight: 'Please enter a valid weight.',
    });
    expect(validatePersonalInfoForm({ ...valid, height_feet: '0' }, TODAY)).toEqual({
      height: 'Please select a valid height.',
    });
  });
});

describe('isProfileComplete', () => {
  const complete = {
    first_name: 'Jane',
    last_name: 'Doe',
    email: 'jane@example.com',
    birthday: '06-15-1990',
    height: 66,
    weight: 150,
    sex: 'female',
  };

  it('needs all seven fields', () => {
    expect(isProfileComplete(complete)).toBe(true);
    expect(isProfileComplete({ ...complete, height: null })).toBe(false);
    expect(isProfileComplete({ ...complete, sex: '' })).toBe(false);
    expect(isProfileComplete({ ...complete, birthday: undefined })).toBe(false);
    expect(isProfileComplete(null)).toBe(false);
  });

  it('counts 0 as present', () => {
    expect(isProfileComplete({ ...complete, weight: 0 })).toBe(true);
  });
});

describe('isMedicalProfileComplete', () => {
  const allNo = { has_allergies: false, has_medical_conditions: false, has_current_medications: false };

  it('is complete when every flag is answered and yes answers have text', () => {
    expect(isMedicalProfileComplete(allNo)).toBe(true);
    expect(isMedicalProfileComplete({ ...allNo, has_allergies: true, allergy_text: 'Peanuts' })).toBe(true);
  });

  it('is incomplete when a flag is unset or a yes lacks text', () => {
    expect(isMedicalProfileComplete({ ...allNo, has_allergies: null })).toBe(false);
    expect(isMedicalProfileComplete({ has_allergies: false, has_medical_conditions: false })).toBe(false);
    expect(
      isMedicalProfileComplete({ ...allNo, has_current_medications: true, current_medications: '  ' }),
    ).toBe(false);
    expect(isMedicalProfileComplete({ ...allNo, has_medical_conditions: true })).toBe(false);
    expect(isMedicalProfileComplete(undefined)).toBe(false);
  });
});

describe('pharmacyStartStep', () => {
  it('starts female users at the pregnancy question', () => {
    expect(pharmacyStartStep('female')).toBe(0);
    expect(pharmacyStartStep('male')).toBe(1);
  });
});
