/** One text message. `to` is an E.164 number (+1 and ten digits for the US). */
export type Sms = { to: string; body: string };

/** Sends text messages; the default writes them to an outbox folder instead of a carrier. */
export type SmsSender = {
  kind: 'outbox' | 'twilio';
  /** The outbox folder, when kind is outbox. */
  outboxDir?: string;
  send(sms: Sms): Promise<void>;
};

/** A US national number (ten digits) as E.164. */
export function toE164(nationalDigits: string): string {
  return `+1${nationalDigits}`;
}
