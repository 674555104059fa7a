/**
 * The lab confirmation page's copy and settings (002 §2.5, §9): the partner lab's booking site, the size of
 * its network, the preparation rules and the seven steps of View Instructions.
 */

/** 002 §9: fast 12 hours (water only) before the draw. */
export const LAB_FASTING_HOURS = 12;
/** 002 §9: no strenuous exercise for 12 hours before the draw. */
export const LAB_NO_EXERCISE_HOURS = 12;
/** 002 §2.5: the partner-lab network has more than this many locations. */
export const PARTNER_LAB_LOCATIONS = '2,000';

/** The partner lab's appointment scheduler, unless VITE_LAB_BOOKING_URL names another https address. */
export const DEFAULT_LAB_BOOKING_URL = 'https://appointment.questdiagnostics.com/patient/findlocation';

/** `value` when it is an absolute https URL (no credentials), else `fallback`: never javascript:, data: or http:. */
export function safeHttpsUrl(value: unknown, fallback: string): string {
  if (typeof value !== 'string' || value.trim() === '') return fallback;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'https:' && !url.username && !url.password ? url.href : fallback;
  } catch {
    return fallback;
  }
}

/** Book Your Appointment's address (002 §2.5), configurable per deployment. */
export const LAB_BOOKING_URL = safeHttpsUrl(import.meta.env.VITE_LAB_BOOKING_URL, DEFAULT_LAB_BOOKING_URL);

/** Preparation when the panel's own guidelines are not at hand (002 §9). */
export function defaultPreparationGuidelines(
  fastingHours = LAB_FASTING_HOURS,
  noExerciseHours = LAB_NO_EXERCISE_HOURS,
): string[] {
  return [
    `Fast for ${fastingHours} hours before your blood draw: water only.`,
    `Avoid strenuous exercise for ${noExerciseHours} hours before the draw.`,
    'Drink plenty of water so the draw is easier.',
    'Keep taking your usual medications unless your physician tells you otherwise.',
  ];
}

export interface InstructionStep {
  title: string;
  text: string;
}

/** View Instructions (002 §2.5): the seven steps from booking to reviewing the results. */
export const LAB_INSTRUCTION_STEPS: readonly InstructionStep[] = [
  {
    title: 'Book your appointment',
    text: `Pick a time at one of more than ${PARTNER_LAB_LOCATIONS} partner lab locations near you. Many locations also accept walk-ins.`,
  },
  {
    title: 'Prepare for your visit',
    text: `Fast for ${LAB_FASTING_HOURS} hours before your blood draw (water only) and avoid strenuous exercise for ${LAB_NO_EXERCISE_HOURS} hours.`,
  },
  {
    title: 'Bring your ID and requisition',
    text: 'Bring a government-issued photo ID and your lab requisition form, printed or on your phone.',
  },
  {
    title: 'Visit the lab',
    text: 'Arrive a few minutes early and check in at the front desk with your ID and requisition.',
  },
  {
    title: 'Have your blood drawn',
    text: 'A trained phlebotomist takes a small blood sample. It usually takes only a few minutes.',
  },
  {
    title: 'Get your results in the portal',
    text: 'Your results arrive in the portal within a few days. We let you know as soon as they are ready.',
  },
  {
    title: 'Review them with your care team',
    text: 'Your clinical team reviews your results with you and answers your questions in Messages.',
  },
];
