/** Minimum patient age in years (000 §9). */
export const MIN_AGE = 18;
/** A birthday may lie at most this many years in the past (000 §9). */
export const BIRTH_YEAR_WINDOW = 150;
/** Date format of birthdays. */
export const DATE_FORMAT = 'MM-DD-YYYY';
/** Birthday input mask. */
export const BIRTHDAY_MASK = '##-##-####';
/** Maximum weight in pounds. */
export const WEIGHT_MAX_LB = 1500;
/** Smallest feet option of the height select. */
export const HEIGHT_FEET_MIN = 1;
/** Largest feet option of the height select. */
export const HEIGHT_FEET_MAX = 10;
/** Smallest inches option of the height select. */
export const HEIGHT_INCHES_MIN = 0;
/** Largest inches option of the height select. */
export const HEIGHT_INCHES_MAX = 11;
/** Validation accepts inches up to 12 (000 §5, 001 §5), the select offers 0 to 11. */
export const HEIGHT_INCHES_VALIDATION_MAX = 12;

/** Minimum first or last name length. */
export const NAME_MIN = 2;
/** Maximum first or last name length. */
export const NAME_MAX = 35;
/** Street address, apt/suite and city maximum length. */
export const ADDRESS_FIELD_MAX = 35;
/** Minimum password length of login, signup and password reset. */
export const PASSWORD_MIN = 6;
/** Maximum password length of signup and password reset. */
export const PASSWORD_MAX = 50;
/** Minimum length of a new password in settings (001 §5). */
export const SETTINGS_PASSWORD_MIN = 8;
/** Minimum e-mail length. */
export const EMAIL_MIN = 4;
/** Maximum discount code length. */
export const DISCOUNT_CODE_MAX = 20;

/** Maximum photo upload size (10mb). */
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
/** Accepted photo MIME types: PNG, JPG, TIFF or HEIC. */
export const PHOTO_MIME_TYPES = ['image/png', 'image/jpeg', 'image/tiff', 'image/heic'] as const;
/** Accepted photo file extensions. */
export const PHOTO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'tif', 'tiff', 'heic'] as const;
/** Maximum message attachment size (10,000,000 bytes, shown as 10MB) (001 §9). */
export const ATTACHMENT_MAX_BYTES = 10_000_000;
/** Accepted message attachment extensions (001 §5). */
export const ATTACHMENT_EXTENSIONS = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc', 'docx'] as const;

/** States where labs cannot be sold and medication availability is checked (000 §9, 002 §9). */
export const RESTRICTED_LAB_STATES = ['NY', 'NJ', 'RI'] as const;

/** Desktop layouts start at this width in px. */
export const DESKTOP_MIN_WIDTH = 1024;
/** The "Verify Now" link works from this width in px. */
export const VERIFY_LINK_MIN_WIDTH = 760;
/** The header counts as scrolled after this many px. */
export const HEADER_SCROLLED_PX = 50;
/** A name or e-mail longer than this scrolls in the user block. */
export const USER_BLOCK_SCROLL_CHARS = 21;

/** Delay before advancing after a radio answer. */
export const RADIO_CONTINUE_DELAY_MS = 300;
/** Delay after the Updated button state before the next step. */
export const UPDATED_CONTINUE_DELAY_MS = 150;
/** Delays used while loading plans. */
export const PLAN_LOADING_DELAYS_MS = [500, 1500] as const;
/** Layout width is recalculated this long after load. */
export const LAYOUT_RECALC_DELAY_MS = 1000;
/** Loading screen duration. */
export const LOADING_SCREEN_MS = 1500;
/** Loading screen fade-out after the first phase. */
export const LOADING_SCREEN_FADE_MS = 750;
/** Summary item skeleton duration. */
export const SUMMARY_SKELETON_MS = 1000;
/** Settings success alerts dismiss after this long. */
export const SETTINGS_SUCCESS_ALERT_MS = 3000;
/** Lab order success alert duration. */
export const LAB_ALERT_MS = 5000;
/** The user image is refreshed this long after a profile image upload. */
export const PROFILE_IMAGE_REFRESH_MS = 2000;
/** A typing notice is sent at most once per this interval. */
export const TYPING_NOTICE_THROTTLE_MS = 2000;
/** A received typing indicator lasts this long. */
export const TYPING_INDICATOR_MS = 8000;
/** Infinite-scroll delay of the notifications page. */
export const NOTIFICATIONS_SCROLL_DELAY_MS = 1000;
/** Version file poll interval (5 minutes). */
export const VERSION_CHECK_INTERVAL_MS = 5 * 60 * 1000;
/** A dismissed version banner stays hidden this long (1 hour). */
export const VERSION_BANNER_DISMISS_MS = 60 * 60 * 1000;
/** Shop carousel auto-play interval. */
export const CAROUSEL_AUTOPLAY_MS = 5000;
/** Biological age counter animation duration. */
export const BIO_AGE_ANIMATION_MS = 2000;
/** Confetti pieces on the customize-protocol success view. */
export const CONFETTI_PIECES = 100;
/** Confetti duration. */
export const CONFETTI_MS = 15_000;

/** Notifications per fetched page. */
export const NOTIFICATIONS_PAGE_SIZE = 10;
/** Notifications shown at a time in the bell dropdown. */
export const BELL_PAGE_SIZE = 5;
/** Cards shown by the incomplete visits widget. */
export const INCOMPLETE_VISITS_MAX_CARDS = 2;
/** Page numbers shown at a time by pagination. */
export const PAGINATION_PAGE_NUMBERS = 5;

/** Product card description is cut at a word boundary at this length. */
export const CARD_DESCRIPTION_MAX = 182;
/** Shop card description cut length. */
export const SHOP_DESCRIPTION_MAX = 126;
/** Tooltips longer than this use the wide style. */
export const WIDE_TOOLTIP_MIN_CHARS = 50;

/** Mobile verification code length. */
export const VERIFICATION_CODE_LENGTH = 5;
/** Phone input mask and the length of a complete masked number. */
/** Phone input mask. */
export const PHONE_MASK = '(###) ###-####';
/** Length of a complete masked phone number. */
export const PHONE_MASKED_LENGTH = 14;
/** SMS policy: maximum messages per month. */
export const SMS_MAX_PER_MONTH = 10;
/** Default shipping country. */
export const DEFAULT_COUNTRY = 'us';
/** Currency of all prices. */
export const CURRENCY = 'USD';

/** Generic rapamycin starting price in dollars per month. */
export const GENERIC_RAPAMYCIN_FROM_USD = 87;
/** Compounded rapamycin starting price in dollars per month. */
export const COMPOUNDED_RAPAMYCIN_FROM_USD = 52;

/** First pharmacy (medical history) step. */
export const PHARMACY_STEP_MIN = 0;
/** Last pharmacy (medical history) step (3 steps for male, 4 for female). */
export const PHARMACY_STEP_MAX = 3;

/** Retention offer: percent off the next renewal. */
export const RETENTION_DISCOUNT_PERCENT = 20;

/** Lab status bar fill in percent. */
export const LAB_STATUS_PROGRESS = { pending: 20, prepared: 40, awaiting: 75, reviewed: 100 } as const;

/** Backend error codes (000 §8, 002 §8). */
export const ERROR_CODES = {
  InvalidCredentials: 'InvalidCredentials',
  EmailAlreadyExists: 'EmailAlreadyExists',
  NetworkError: 'NetworkError',
  WrongIntakeState: 'WrongIntakeState',
  TokenExpired: 'TokenExpired',
  FileSizeLimitError: 'FileSizeLimitError',
} as const;

/** A backend error code. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** Minutes shown as the estimated intake time: ceil(total / 3), 5 when the step count is unknown (or not positive), 10 when there is no intake. */
export function estimatedIntakeMinutes(totalSteps: number | undefined | null, hasIntake = true): number {
  if (!hasIntake) return 10;
  if (totalSteps === undefined || totalSteps === null || !Number.isFinite(totalSteps) || totalSteps <= 0)
    return 5;
  return Math.ceil(totalSteps / 3);
}

/** Intake progress in whole percent: floor(complete / total * 100), 0 when the total is not positive, capped at 100. */
export function progressPercent(complete: number, total: number): number {
  if (!Number.isFinite(total) || total <= 0 || !Number.isFinite(complete) || complete <= 0) return 0;
  return Math.min(100, Math.floor((complete / total) * 100));
}

/** Weeks counted per month by the dose formulas: monthly units / 4 = weekly units (000 §9). */
export const DOSE_WEEKS_PER_MONTH = 4;
/** Multiplier of the compounded dose in the recommended dose text (000 §9). */
export const COMPOUNDED_DOSE_MULTIPLIER = 3;
/** Pounds per kilogram in the customize-view dosage helper (001 §9). */
export const POUNDS_PER_KG = 2.2;
/** Milligrams per kilogram of body weight in the customize-view dosage helper (001 §9). */
export const DOSE_MG_PER_KG = 0.075;
/** Compounded factor of the customize-view dosage helper; the result is rounded down to a multiple of 3 (001 §9). */
export const COMPOUNDED_QUANTITY_FACTOR = 2.5;
/** Compounded quantities of the customize-view dosage helper are multiples of this (001 §9). */
export const COMPOUNDED_QUANTITY_STEP = 3;
