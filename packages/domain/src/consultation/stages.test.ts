import { describe, expect, it } from 'vitest';
import {
  CONSULTATION_SECTIONS,
  CONSULTATION_STAGE_LABELS,
  consultationStage,
  isConsultationSection,
  TREATMENT_CONFIGURATION_STAGE,
} from './stages';

describe('consultationStage', () => {
  it('maps every section to its stage and label (000 §2)', () => {
    const table = Object.fromEntries(
      CONSULTATION_SECTIONS.map((s) => {
        const stage = consultationStage(s)!;
        return [s, `${stage.stage} ${stage.label}`];
      }),
    );
    expect(table).toEqual({
      hiw: '0 How it Works',
      profile: '1 Profile',
      body: '1 Profile',
      'pharmacy-overview': '2 Medical History',
      'pharmacy-questions': '2 Medical History',
      intake: '3 Medical Review',
      treatment: '4 Protocol Preference',
      membership: '4 Protocol Preference',
      'product-configure': '4 Protocol Preference',
      'lab-checkout': '4 Protocol Preference',
      'protocol-preference': '4 Protocol Preference',
      'protocol-selection': '4 Protocol Preference',
      'identification-step': '5 Identity Verification',
      checkout: '6 Checkout',
    });
  });

  it('is null for an unknown section', () => {
    expect(consultationStage('shop')).toBeNull();
    expect(isConsultationSection('checkout')).toBe(true);
    expect(isConsultationSection(7)).toBe(false);
  });

  it('has seven stage labels', () => {
    expect(CONSULTATION_STAGE_LABELS).toHaveLength(7);
  });
});

describe('TREATMENT_CONFIGURATION_STAGE', () => {
  it('gives the second numbering of the treatment configuration screen', () => {
    expect(TREATMENT_CONFIGURATION_STAGE).toEqual({
      consultation: 1,
      'product-configure': 2,
      'identification-step': 3,
      checkout: 5,
    });
  });
});
