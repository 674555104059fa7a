import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config';
import type { SmsSender } from './adapter';
import { createOutboxSmsSender } from './outbox';
import { createTwilioSmsSender } from './twilio';

export type { Sms, SmsSender } from './adapter';
export { toE164 } from './adapter';

/** The SMS outbox folder: SMS_OUTBOX_DIR, else DATA_DIR/sms-outbox (./data for an in-memory database). */
export function smsOutboxDir(config: Pick<Config, 'DATA_DIR' | 'SMS_OUTBOX_DIR'>): string {
  return config.SMS_OUTBOX_DIR ?? path.resolve(config.DATA_DIR.replace('memory://', './data'), 'sms-outbox');
}

/** Twilio when its three settings are given (checked together by loadConfig), else the outbox folder. */
export function createSmsSender(config: Config, log: FastifyBaseLogger): SmsSender {
  if (config.TWILIO_ACCOUNT_SID && config.TWILIO_AUTH_TOKEN && config.TWILIO_FROM) {
    return createTwilioSmsSender(
      {
        accountSid: config.TWILIO_ACCOUNT_SID,
        authToken: config.TWILIO_AUTH_TOKEN,
        from: config.TWILIO_FROM,
      },
      log,
    );
  }
  return createOutboxSmsSender({ outboxDir: smsOutboxDir(config), log });
}
