import { z } from 'zod';
import { ALERT_KINDS } from '../care/alerts';
import { PASSWORD_MAX } from '../constants';
import { MESSAGES } from '../messages';
import { isStrongPassword } from '../validation/settings';
import { Id } from './common';

/** GET /care/{org}/queue: the physician review queue, oldest first (issue 12 §2). */
export const CareQueueQuery = z
  .object({
    state: z
      .string()
      .regex(/^[A-Za-z]{2}$/, 'A two-letter state.')
      .transform((s) => s.toUpperCase())
      .optional(),
    /** A product template id requested in the visit. */
    product: Id.optional(),
    /** Only visits waiting longer than the 48-hour target. */
    over_target: z
      .enum(['true', 'false'])
      .transform((v) => v === 'true')
      .optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();
export type CareQueueQuery = z.infer<typeof CareQueueQuery>;

export const StaffRef = z.object({ _id: Id, first_name: z.string(), last_name: z.string() });

export const CareQueueItem = z.object({
  /** The visit (intake) id. */
  _id: Id,
  patient: z.object({
    _id: Id,
    first_name: z.string(),
    last_name: z.string(),
    /** Whole years, null without a birthday. */
    age: z.number().int().nullable(),
    state: z.string().nullable(),
    /** 001 §3 User.verificationStatus. */
    verification_status: z.string(),
  }),
  products: z.array(z.object({ product_template: Id, name: z.string() })),
  submitted_at: z.string(),
  waiting: z.object({
    hours: z.number().int(),
    status: z.enum(['on_track', 'due_soon', 'over_target']),
    due_at: z.string(),
  }),
  claimed_by: StaffRef.extend({ at: z.string() }).nullable(),
});
export type CareQueueItem = z.infer<typeof CareQueueItem>;

export const CareQueuePage = z.object({
  items: z.array(CareQueueItem),
  /** Visits matching the filters, over every page, counted up to QUEUE_COUNT_CAP (1,000). */
  total: z.number().int(),
  /** More visits match than `total` says: the count stopped at the cap. */
  total_capped: z.boolean(),
  next_cursor: z.string().nullable(),
});
export type CareQueuePage = z.infer<typeof CareQueuePage>;

export const CareVisitParams = z.object({ org: Id, id: Id }).strict();

/** POST /care/{org}/visits/{id}/claim: who now works on the visit. */
export const CareClaim = z.object({ _id: Id, claimed_by: StaffRef.extend({ at: z.string() }) });
export type CareClaim = z.infer<typeof CareClaim>;

export const CarePatientParams = z.object({ org: Id, id: Id }).strict();

/** POST /care/{org}/patients/{id}/notes: a private note of the clinic on the patient. */
export const CareNoteBody = z
  .object({
    body: z.string().trim().min(1, 'Write the note.').max(5000, 'Notes are at most 5000 characters.'),
  })
  .strict();

export const CareNote = z.object({
  _id: Id,
  body: z.string(),
  author: StaffRef.extend({ role: z.string() }),
  created_at: z.string(),
});
export type CareNote = z.infer<typeof CareNote>;

const CareAnswer = z.object({
  question: z.string(),
  /** The options chosen, by their labels. */
  options: z.array(z.string()),
  text: z.string().nullable(),
});

/** GET /care/{org}/patients/{id}/chart: one patient as the clinic sees them (issue 12 §3). */
export const CareChart = z.object({
  patient: z.object({
    _id: Id,
    first_name: z.string(),
    last_name: z.string(),
    email: z.string(),
    mobile_number: z.string().nullable(),
    birthday: z.string().nullable(),
    age: z.number().int().nullable(),
    sex: z.string().nullable(),
    height: z.number().int().nullable(),
    weight: z.number().int().nullable(),
    state: z.string().nullable(),
    shipping_info: z.record(z.string(), z.unknown()).nullable(),
    /** Which experiences the patient has: labs2, the new labs app (002 §2.3, §6). */
    feature_flags: z.object({ labs2: z.boolean() }),
  }),
  medical_history: z.record(z.string(), z.unknown()).nullable(),
  identity: z.object({
    verification_status: z.string(),
    id_image_url: z.string().nullable(),
    profile_image_url: z.string().nullable(),
    requires_user_attention: z.boolean(),
  }),
  visits: z.array(
    z.object({
      _id: Id,
      template: z.string(),
      submitted_at: z.string().nullable(),
      patient_complete: z.boolean(),
      physician_review: z.boolean(),
      closed: z.boolean(),
      awaiting_patient_update: z.record(z.string(), z.unknown()),
      products: z.array(z.record(z.string(), z.unknown())),
      answers: z.array(CareAnswer),
    }),
  ),
  subscriptions: z.array(z.object({ _id: Id, name: z.string(), status: z.string(), created_at: z.string() })),
  orders: z.array(
    z.object({
      _id: Id,
      name: z.string(),
      status: z.string(),
      amount: z.number().int(),
      created_at: z.string(),
    }),
  ),
  notifications: z.array(
    z.object({
      _id: Id,
      category: z.string(),
      message: z.string(),
      read: z.boolean(),
      created_at: z.string(),
    }),
  ),
  notes: z.array(CareNote),
  /** Who opened this chart, newest first (the audit trail of its reads). */
  viewed_by: z.array(StaffRef.extend({ role: z.string(), at: z.string() })),
});
export type CareChart = z.infer<typeof CareChart>;

/**
 * PUT /care/{org}/patients/{id}/feature-flags: the clinic moves a patient to the new labs app (labs2) or back
 * to the labs list (002 §6: the flag switches the labs experience and where a lab purchase leads).
 */
export const CareFeatureFlagsBody = z.object({ labs2: z.boolean() }).strict();
export type CareFeatureFlagsBody = z.infer<typeof CareFeatureFlagsBody>;
export const CareFeatureFlags = z.object({ labs2: z.boolean() });
export type CareFeatureFlags = z.infer<typeof CareFeatureFlags>;

/** POST /care/{org}/visits/{id}/approve: the prescription the physician writes. */
export const CareApproveBody = z
  .object({
    prescription: z
      .object({
        medication: z.string(),
        strength: z.string(),
        instructions: z.string(),
        expires_on: z.string(),
      })
      .strict(),
  })
  .strict();
export type CareApproveBody = z.infer<typeof CareApproveBody>;

/** POST /care/{org}/visits/{id}/deny: the reason, told to the patient kindly. */
export const CareDenyBody = z
  .object({ reason: z.string().trim().min(1, 'Write the reason.').max(1000, 'At most 1000 characters.') })
  .strict();

/** POST /care/{org}/visits/{id}/request-update: what the patient is asked for, and until when. */
export const CareRequestUpdateBody = z
  .object({
    reason: z.enum(['photo', 'information']),
    message: z
      .string()
      .trim()
      .min(1, 'Write what the patient should do.')
      .max(1000, 'At most 1000 characters.'),
    /** YYYY-MM-DD: the visit is held for the patient until then. */
    hold_date: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'A date as YYYY-MM-DD.')
      .optional(),
  })
  .strict();
export type CareRequestUpdateBody = z.infer<typeof CareRequestUpdateBody>;

/** What a decision left: the visit's review state and its subscriptions. */
export const CareDecisionResult = z.object({
  _id: Id,
  decision: z.enum(['approve', 'deny', 'request_update']),
  physician_review: z.boolean(),
  closed: z.boolean(),
  awaiting_patient_update: z.boolean(),
  subscriptions: z.array(z.object({ _id: Id, status: z.string() })),
  /** Cents charged for the first periods (approval only). */
  charged: z.number().int(),
});
export type CareDecisionResult = z.infer<typeof CareDecisionResult>;

/** POST /care/{org}/patients/{id}/identity: the outcome of comparing the ID with the selfie (issue 12 §5). */
export const CareIdentityBody = z
  .object({
    status: z.enum(['completed', 'rejected']),
    /** Told to the patient when the photos are rejected. */
    reason: z.string().trim().max(1000).optional(),
  })
  .strict()
  .refine((b) => b.status !== 'rejected' || Boolean(b.reason), {
    message: 'Write what the patient should do.',
    path: ['reason'],
  });
export const CareIdentityResult = z.object({
  _id: Id,
  verification_status: z.enum(['completed', 'rejected']),
  verified: z.boolean(),
});

/** GET /care/{org}/audit: the audit trail of one patient or one staff member, newest first (admins). */
export const CareAuditQuery = z
  .object({
    patient: Id.optional(),
    actor: Id.optional(),
    cursor: z.string().max(200).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  })
  .strict()
  .refine((q) => Boolean(q.patient) !== Boolean(q.actor), { message: 'Name a patient or a staff member.' });
export const CareAuditPage = z.object({
  items: z.array(
    z.object({
      at: z.string(),
      actor: StaffRef.extend({ role: z.string() }).nullable(),
      patient: Id.nullable(),
      /** The patient's name as the admin reads the trail; null when the row names no patient. */
      patient_name: z.string().nullable(),
      action: z.string(),
      outcome: z.string(),
      status_code: z.number().int(),
    }),
  ),
  next_cursor: z.string().nullable(),
});
export type CareAuditPage = z.infer<typeof CareAuditPage>;

/** A patient's prescription-change request (001 §2), answered by a physician. */
export const CarePrescriptionChangeTask = z.object({
  /** The request's id. */
  _id: Id,
  kind: z.literal('prescription_change'),
  patient: StaffRef,
  subscription: z.object({ _id: Id, name: z.string() }),
  request_type: z.enum(['RaiseDosage', 'LowerDosage', 'Other']),
  /** The patient's words, null when none. */
  comment: z.string().nullable(),
  created_at: z.string(),
});

const callTaskFields = {
  /** The booked call's (appointment's) id. */
  _id: Id,
  patient: StaffRef,
  /** The number to call: the patient's mobile, else their shipping phone; null when they gave none. */
  phone: z.string().nullable(),
  call: z.object({ name: z.string(), start_time: z.string(), end_time: z.string() }),
  /** The subscription the call is about, when it was booked for one. */
  subscription: z.object({ _id: Id, name: z.string() }).nullable(),
  /** When the call was booked. */
  created_at: z.string(),
};

/**
 * A booked call the care team still has to make or to record: the free consultation of the retention offer
 * (001 §4) or the identity verification call of the funnel.
 */
export const CareCallTask = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('retention_call'), ...callTaskFields }),
  z.object({ kind: z.literal('verification_call'), ...callTaskFields }),
]);
export type CareCallTask = z.infer<typeof CareCallTask>;

/** An alert raised about a patient (002 §7.8), open until a member of the care team marks it done. */
export const CareAlertTask = z.object({
  /** The alert's id. */
  _id: Id,
  kind: z.literal('patient_alert'),
  patient: StaffRef,
  alert: z.object({ kind: z.enum(ALERT_KINDS), label: z.string(), action: z.string() }),
  /** When the alert was raised. */
  created_at: z.string(),
});
export type CareAlertTask = z.infer<typeof CareAlertTask>;

/** GET /care/{org}/tasks: open prescription-change requests, calls and alerts, oldest first (issue 12 §6). */
export const CareTask = z.discriminatedUnion('kind', [
  CarePrescriptionChangeTask,
  ...CareCallTask.options,
  CareAlertTask,
]);
export type CareTask = z.infer<typeof CareTask>;
export const CareTasks = z.object({ items: z.array(CareTask) });
export type CareTasks = z.infer<typeof CareTasks>;

/** POST /care/{org}/calls/{id}/complete: what came of the call, kept on it and in the audit trail. */
export const CareCompleteCallBody = z
  .object({
    outcome: z.string().trim().min(1, 'Write what came of the call.').max(2000, 'At most 2000 characters.'),
  })
  .strict();
export type CareCompleteCallBody = z.infer<typeof CareCompleteCallBody>;
export const CareCompleteCallResult = z.object({
  _id: Id,
  kind: z.enum(['retention_call', 'verification_call']),
  completed_at: z.string(),
  outcome: z.string(),
});
export type CareCompleteCallResult = z.infer<typeof CareCompleteCallResult>;

/** POST /care/{org}/alerts/{id}/resolve: what the care team did about the alert. */
export const CareResolveAlertBody = z
  .object({
    outcome: z.string().trim().min(1, 'Write what was done about it.').max(2000, 'At most 2000 characters.'),
  })
  .strict();
export type CareResolveAlertBody = z.infer<typeof CareResolveAlertBody>;
export const CareResolveAlertResult = z.object({
  _id: Id,
  kind: z.enum(ALERT_KINDS),
  resolved_at: z.string(),
  outcome: z.string(),
});
export type CareResolveAlertResult = z.infer<typeof CareResolveAlertResult>;

/** POST /care/{org}/prescription-requests/{id}/resolve: a new prescription, or a message declining. */
export const CareResolveRequestBody = z.discriminatedUnion('decision', [
  z
    .object({
      decision: z.literal('approve'),
      prescription: CareApproveBody.shape.prescription,
      message: z.string().trim().max(1000).optional(),
    })
    .strict(),
  z
    .object({
      decision: z.literal('decline'),
      message: z
        .string()
        .trim()
        .min(1, 'Write a message to the patient.')
        .max(1000, 'At most 1000 characters.'),
    })
    .strict(),
]);
export type CareResolveRequestBody = z.infer<typeof CareResolveRequestBody>;
export const CareResolveRequestResult = z.object({
  _id: Id,
  resolution: z.enum(['approved', 'declined']),
  subscription: z.object({ _id: Id, status: z.string() }),
});

const StaffRoleEnum = z.enum(['physician', 'care_team', 'admin']);

/** GET /care/{org}/staff: the clinic's staff (admins). */
export const CareStaffList = z.object({
  items: z.array(
    StaffRef.extend({
      email: z.string(),
      role: StaffRoleEnum,
      active: z.boolean(),
      licensed_states: z.array(z.string()),
    }),
  ),
  invitations: z.array(
    z.object({
      _id: Id,
      email: z.string(),
      role: StaffRoleEnum,
      first_name: z.string(),
      last_name: z.string(),
      expires_at: z.string(),
    }),
  ),
});
export type CareStaffList = z.infer<typeof CareStaffList>;

/** POST /care/{org}/staff/invitations: invite a staff member by e-mail (admins). */
export const CareInviteBody = z
  .object({
    email: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
    role: StaffRoleEnum,
    first_name: z.string().trim().min(2, 'Enter the first name.').max(35),
    last_name: z.string().trim().min(2, 'Enter the last name.').max(35),
    /** A physician's licensed states. */
    licensed_states: z
      .array(z.string().regex(/^[A-Z]{2}$/, 'A two-letter state.'))
      .max(60)
      .default([]),
    npi_num: z
      .string()
      .regex(/^[0-9]{10}$/, 'An NPI number has 10 digits.')
      .optional(),
  })
  .strict()
  .refine((b) => b.role !== 'physician' || (b.licensed_states.length > 0 && Boolean(b.npi_num)), {
    message: 'A physician needs an NPI number and at least one licensed state.',
    path: ['licensed_states'],
  });
export type CareInviteBody = z.infer<typeof CareInviteBody>;
export const CareInvitation = z.object({
  _id: Id,
  email: z.string(),
  role: StaffRoleEnum,
  expires_at: z.string(),
});

/** POST /care/invitations/accept: the invited person chooses a password (public; the link is the credential). */
export const CareAcceptInvitationBody = z
  .object({
    invitation: Id,
    token: z.string().min(20).max(200),
    /** The portal's rule for a chosen password (001 §5), the same the invitation page checks. */
    password: z
      .string()
      .max(PASSWORD_MAX, MESSAGES.passwordTooLong)
      .refine(isStrongPassword, MESSAGES.newPasswordWeak),
  })
  .strict();

/** GET /care/invitations/{id}/{token}: what the invited person is shown before choosing a password (public). */
export const CareInvitationLookupParams = z.object({ id: Id, token: z.string().min(20).max(200) }).strict();
export const CareInvitationLookup = z.object({
  /** `open` can be accepted; an `accepted` or `expired` invitation only says so. */
  status: z.enum(['open', 'accepted', 'expired']),
  clinic: z.string(),
  email: z.string(),
  first_name: z.string(),
  role: StaffRoleEnum,
  expires_at: z.string(),
});
export type CareInvitationLookup = z.infer<typeof CareInvitationLookup>;

/**
 * Bounds of the messaging reminder delay (issue 13): the minutes a patient has to read a message from the care
 * team before one reminder reaches them by e-mail or text; at least a minute, at most a week.
 */
export const REMINDER_DELAY_MIN_MINUTES = 1;
export const REMINDER_DELAY_MAX_MINUTES = 10_080;

const ReminderDelayMinutes = z
  .number({ error: 'Enter a number of minutes.' })
  .int('Enter a whole number of minutes.')
  .min(REMINDER_DELAY_MIN_MINUTES, 'Enter at least 1 minute.')
  .max(REMINDER_DELAY_MAX_MINUTES, 'Enter at most 10,080 minutes (one week).');

/** GET /care/{org}/settings: the clinic's settings an admin may change, as they apply now (defaults filled). */
export const ClinicSettings = z.object({
  messaging: z.object({ reminder_delay_minutes: ReminderDelayMinutes }),
  /** list_booking: the patient's Appointments list offers its own Book button (off unless the clinic says so). */
  appointments: z.object({ list_booking: z.boolean() }),
});
export type ClinicSettings = z.infer<typeof ClinicSettings>;

/** PUT /care/{org}/settings: the settings to change, one group or both (admins); the answer is all as stored. */
export const ClinicSettingsBody = z
  .object({
    messaging: z
      .object(
        { reminder_delay_minutes: ReminderDelayMinutes },
        { error: (issue) => (issue.code === 'invalid_type' ? 'Send the messaging settings.' : undefined) },
      )
      .strict()
      .optional(),
    appointments: z
      .object(
        {
          list_booking: z.boolean({
            error: 'Say whether patients can book from their Appointments list (true or false).',
          }),
        },
        { error: (issue) => (issue.code === 'invalid_type' ? 'Send the appointment settings.' : undefined) },
      )
      .strict()
      .optional(),
  })
  .strict()
  .refine((body) => body.messaging !== undefined || body.appointments !== undefined, {
    message: 'Send the settings to change.',
  });
export type ClinicSettingsBody = z.infer<typeof ClinicSettingsBody>;
