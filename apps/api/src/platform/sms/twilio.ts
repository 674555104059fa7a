import type { FastifyBaseLogger } from 'fastify';
import type { SmsSender } from './adapter';

export type TwilioSettings = { accountSid: string; authToken: string; from: string };

type TwilioClient = {
  messages: {
    create(params: {
      to: string;
      body: string;
      from?: string;
      messagingServiceSid?: string;
    }): Promise<{ sid: string }>;
  };
};

/**
 * Texts through Twilio. The SDK is loaded on the first message only, so servers without Twilio configured
 * never load it. TWILIO_FROM is a sending number, or a Messaging Service SID (MG...).
 */
export function createTwilioSmsSender(settings: TwilioSettings, log: FastifyBaseLogger): SmsSender {
  let client: Promise<TwilioClient> | undefined;
  const getClient = () => {
    client ??= import('twilio').then((mod) => {
      const factory = (mod.default ?? mod) as unknown as (sid: string, token: string) => TwilioClient;
      return factory(settings.accountSid, settings.authToken);
    });
    return client;
  };
  const sender = settings.from.startsWith('MG')
    ? { messagingServiceSid: settings.from }
    : { from: settings.from };
  return {
    kind: 'twilio',
    async send(sms) {
      try {
        const message = await (await getClient()).messages.create({ to: sms.to, body: sms.body, ...sender });
        log.info({ sid: message.sid }, 'text message sent');
      } catch (error) {
        // Twilio's errors can quote the number: only the code and status are kept.
        const { code, status } = (error ?? {}) as { code?: unknown; status?: unknown };
        log.error({ code, status }, 'text message failed');
        throw new Error('The text message could not be sent.');
      }
    },
  };
}
