import { MESSAGES } from '../messages';

/**
 * The alerts a patient's situation raises for the clinic (002 §7.8 `POST /alerts/{org}/create/{alertId}`).
 * The documents name one alert, "ID/Profile Image Mismatch" (002 §4.11), raised when the patient's photos need
 * their attention; its peers are the other situations the documents send a patient to the clinic for:
 * a rejected or outdated identity verification (001 §2's verification alert) and a payment the portal could not
 * take (002 §8, "Error. Please, contact support."). An alert becomes an open task of the care team.
 */
export const ALERT_KINDS = ['image-mismatch', 'identity-verification', 'payment-failed'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

export interface AlertDefinition {
  /** The alert's name, as the care team's task list shows it. */
  label: string;
  /** What the care team is asked to do. */
  action: string;
}

export const ALERTS: Readonly<Record<AlertKind, AlertDefinition>> = {
  'image-mismatch': {
    label: MESSAGES.imageMismatch,
    action:
      "The patient's ID photo and selfie could not be matched. Check the new photos once they are uploaded.",
  },
  'identity-verification': {
    label: 'Identity verification needed',
    action:
      "The patient's identity is not verified (not started, outdated or rejected). Help them finish it.",
  },
  'payment-failed': {
    label: 'Payment failed',
    action:
      "The portal could not take the patient's payment. Contact them about their card or billing details.",
  },
};

/** Whether a path's alertId names an alert of the catalogue. */
export const isAlertKind = (value: string): value is AlertKind =>
  (ALERT_KINDS as readonly string[]).includes(value);
