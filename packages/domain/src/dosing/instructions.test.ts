import { describe, expect, it } from 'vitest';
import { instructionDose } from './dose';
import { fillDosageInstructions, fillInstructionsWithDose } from './instructions';

describe('fillDosageInstructions', () => {
  it('fills the weekly and compounded placeholders', () => {
    expect(
      fillDosageInstructions('Take {{weekly_dosage}} mg, or {{compounded_dosage}} mg compounded.', {
        weekly: 5,
        compounded: 15,
      }),
    ).toBe('Take 5 mg, or 15 mg compounded.');
  });

  it('fills every occurrence and tolerates spaces inside the braces', () => {
    expect(fillDosageInstructions('{{ weekly_dosage }} / {{weekly_dosage}}', { weekly: 2.5 })).toBe(
      '2.5 / 2.5',
    );
  });

  it('leaves a placeholder without a value untouched', () => {
    expect(fillDosageInstructions('Take {{compounded_dosage}} mg', { weekly: 5 })).toBe(
      'Take {{compounded_dosage}} mg',
    );
  });
});

describe('fillInstructionsWithDose', () => {
  it('uses the instruction dose for either placeholder', () => {
    // generic: 4 x 1 x 5 / 4 = 5
    expect(
      fillInstructionsWithDose('Take {{weekly_dosage}} mg once a week', instructionDose(4, '5 mg')),
    ).toBe('Take 5 mg once a week');
    // compounded: 8 x 1 x 3 / 4 = 6
    expect(
      fillInstructionsWithDose('Take {{compounded_dosage}} mg once a week', instructionDose(8, '3 mg')),
    ).toBe('Take 6 mg once a week');
  });
});
