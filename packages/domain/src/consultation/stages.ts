/** Sections of the consultation wrapper (000 §2). */
export const CONSULTATION_SECTIONS = [
  'hiw',
  'profile',
  'body',
  'pharmacy-overview',
  'pharmacy-questions',
  'intake',
  'treatment',
  'membership',
  'product-configure',
  'lab-checkout',
  'protocol-preference',
  'protocol-selection',
  'identification-step',
  'checkout',
] as const;

/** A consultation section. */
export type ConsultationSection = (typeof CONSULTATION_SECTIONS)[number];

/** Labels of the progress-nav stages, indexed by stage number 0 to 6 (000 §2). */
export const CONSULTATION_STAGE_LABELS = [
  'How it Works',
  'Profile',
  'Medical History',
  'Medical Review',
  'Protocol Preference',
  'Identity Verification',
  'Checkout',
] as const;

/** A progress-nav stage label. */
export type ConsultationStageLabel = (typeof CONSULTATION_STAGE_LABELS)[number];

/** Progress-nav stage number of each section (000 §2). */
export const SECTION_STAGE: Readonly<Record<ConsultationSection, number>> = {
  hiw: 0,
  profile: 1,
  body: 1,
  'pharmacy-overview': 2,
  'pharmacy-questions': 2,
  intake: 3,
  treatment: 4,
  membership: 4,
  'product-configure': 4,
  'lab-checkout': 4,
  'protocol-preference': 4,
  'protocol-selection': 4,
  'identification-step': 5,
  checkout: 6,
};

/**
 * The second numbering of the treatment configuration screen (000 §2): product configuration 2, identity 3,
 * checkout 5. The source gives consultation no number; 1 is ours (it comes before product configuration).
 */
export const TREATMENT_CONFIGURATION_STAGE = {
  consultation: 1,
  'product-configure': 2,
  'identification-step': 3,
  checkout: 5,
} as const;

/** A stage of the treatment configuration numbering. */
export type TreatmentConfigurationStep = keyof typeof TREATMENT_CONFIGURATION_STAGE;

/** True for a known consultation section. */
export function isConsultationSection(value: unknown): value is ConsultationSection {
  return typeof value === 'string' && (CONSULTATION_SECTIONS as readonly string[]).includes(value);
}

/** Stage number and label of a section, or null for an unknown section. */
export function consultationStage(section: string): { stage: number; label: ConsultationStageLabel } | null {
  if (!isConsultationSection(section)) return null;
  const stage = SECTION_STAGE[section];
  return { stage, label: CONSULTATION_STAGE_LABELS[stage]! };
}
