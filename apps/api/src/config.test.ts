import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

const live = {
  DEMO_MODE: 'false',
  STRIPE_SECRET_KEY: 'sk_live_abc123',
  STRIPE_PUBLISHABLE_KEY: 'pk_live_abc123',
  STRIPE_WEBHOOK_SECRET: 'whsec_abc123',
  SMTP_URL: 'smtps://user:pass@smtp.example.com',
  TWILIO_ACCOUNT_SID: `AC${'0'.repeat(32)}`,
  TWILIO_AUTH_TOKEN: 'a'.repeat(32),
  TWILIO_FROM: '+15555550100',
  TOKEN_SECRET: 's'.repeat(40),
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('demo mode and live mode', () => {
  it('is a demo by default, with the demo clinics seeded', () => {
    const config = loadConfig({ NODE_ENV: 'production' });
    expect(config.DEMO_MODE).toBe(true);
    expect(config.SEED).toBe(true);
  });

  it('starts a live portal when every provider and the secret are set, seeding nothing', () => {
    const config = loadConfig(live);
    expect(config.DEMO_MODE).toBe(false);
    expect(config.SEED).toBe(false);
  });

  it('refuses a live portal with no providers, one line per missing setting', () => {
    const message = refusal({ NODE_ENV: 'production', DEMO_MODE: 'false' });
    const lines = message.split('\n').filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(4);
    expect(lines[0]).toMatch(
      /^- STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY: a payment provider is required/,
    );
    expect(lines[1]).toMatch(/^- SMTP_URL: a mail transport is required/);
    expect(lines[2]).toMatch(
      /^- TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: an SMS provider is required/,
    );
    expect(lines[3]).toMatch(/^- TOKEN_SECRET: an explicit secret/);
  });

  it.each([
    ['STRIPE_SECRET_KEY', /payment provider/],
    ['STRIPE_WEBHOOK_SECRET', /^- STRIPE_WEBHOOK_SECRET: the signing secret .* is required with Stripe/],
    ['SMTP_URL', /mail transport/],
    ['TWILIO_FROM', /SMS provider/],
    ['TOKEN_SECRET', /TOKEN_SECRET/],
  ])('names the one missing setting when only %s is absent', (name, expected) => {
    const env: Record<string, string> = { ...live };
    delete env[name];
    // Stripe's and Twilio's settings go together: drop the partner too so only "missing" is reported.
    if (name === 'STRIPE_SECRET_KEY') delete env.STRIPE_PUBLISHABLE_KEY;
    if (name === 'TWILIO_FROM') {
      delete env.TWILIO_ACCOUNT_SID;
      delete env.TWILIO_AUTH_TOKEN;
    }
    const lines = refusal(env)
      .split('\n')
      .filter((l) => l.startsWith('- '));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(expected);
  });

  it('refuses to seed demo patients with known passwords into a live portal', () => {
    expect(refusal({ ...live, SEED: 'true' })).toMatch(/SEED=true .* refused with DEMO_MODE=false/);
  });
});

describe('outside schedulers', () => {
  const calcom = {
    SCHEDULING_PROVIDER: 'calcom',
    CALCOM_API_KEY: 'cal_live_0123456789abcdef',
    CALCOM_WEBHOOK_SECRET: 'calcom-webhook-secret-0123',
    CALCOM_EVENT_TYPES: 'user-verification:101,coaching:102,consultation:103',
  };
  const lines = (env: Record<string, string>) =>
    refusal(env)
      .split('\n')
      .filter((l) => l.startsWith('- '));

  it('keeps the calendars in the portal by default, with Cal.com’s public API as its address', () => {
    const config = loadConfig({});
    expect(config.SCHEDULING_PROVIDER).toBe('builtin');
    expect(config.CALCOM_API_URL).toBe('https://api.cal.com');
  });

  it('starts with Cal.com when its key, webhook secret and event types are set', () => {
    const config = loadConfig({ ...calcom, CALCOM_API_URL: 'http://127.0.0.1:4010' });
    expect(config.SCHEDULING_PROVIDER).toBe('calcom');
    expect(config.CALCOM_API_URL).toBe('http://127.0.0.1:4010');
  });

  it('refuses Cal.com without its settings, one line per missing setting', () => {
    const message = refusal({ SCHEDULING_PROVIDER: 'calcom' });
    expect(message).toMatch(/^SCHEDULING_PROVIDER=calcom needs these settings:/);
    const missing = lines({ SCHEDULING_PROVIDER: 'calcom' });
    expect(missing).toHaveLength(3);
    expect(missing[0]).toMatch(/^- CALCOM_API_KEY: /);
    expect(missing[1]).toMatch(/^- CALCOM_WEBHOOK_SECRET: .*\/webhooks\/scheduling\/calcom/);
    expect(missing[2]).toMatch(/^- CALCOM_EVENT_TYPES: /);
  });

  it.each(['CALCOM_API_KEY', 'CALCOM_WEBHOOK_SECRET', 'CALCOM_EVENT_TYPES'])(
    'names the one missing Cal.com setting when only %s is absent',
    (name) => {
      const env: Record<string, string> = { ...calcom };
      delete env[name];
      const missing = lines(env);
      expect(missing).toHaveLength(1);
      expect(missing[0]?.startsWith(`- ${name}: `)).toBe(true);
    },
  );

  it('refuses Calendly without its webhook signing key and its pages of each kind of call', () => {
    const missing = lines({ SCHEDULING_PROVIDER: 'calendly' });
    expect(missing).toEqual([
      expect.stringMatching(/^- CALENDLY_WEBHOOK_SIGNING_KEY: .*required/),
      expect.stringMatching(/^- CALENDLY_EVENT_LINKS: .*required \(e\.g\. user-verification:https:/),
    ]);
    const config = loadConfig({
      SCHEDULING_PROVIDER: 'calendly',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'k'.repeat(43),
      CALENDLY_EVENT_LINKS: 'user-verification:https://calendly.com/clinic/verification',
    });
    expect(config.SCHEDULING_PROVIDER).toBe('calendly');
    expect(config.CALENDLY_API_TOKEN).toBeUndefined();
    expect(config.CALENDLY_API_URL).toBe('https://api.calendly.com');
  });

  it('names each Calendly page it cannot use, one line each', () => {
    const missing = lines({
      SCHEDULING_PROVIDER: 'calendly',
      CALENDLY_WEBHOOK_SIGNING_KEY: 'k'.repeat(43),
      CALENDLY_EVENT_LINKS: 'coaching:calendly.com/clinic/coaching,visit:https://calendly.com/clinic/visit',
    });
    expect(missing).toEqual([
      expect.stringMatching(/^- CALENDLY_EVENT_LINKS: the page of coaching must be an https link/),
      expect.stringMatching(
        /^- CALENDLY_EVENT_LINKS: "visit:https:\/\/calendly.com\/clinic\/visit" does not start/,
      ),
    ]);
  });

  it('reads Cal.com’s per-physician settings: event type slugs, usernames by e-mail, organization', () => {
    const config = loadConfig({
      ...calcom,
      CALCOM_EVENT_TYPES: 'coaching:102:coaching,consultation:103',
      CALCOM_USERNAMES: 'maya@clinic.example:maya-okafor,lee@clinic.example:dr.lee',
      CALCOM_ORGANIZATION_SLUG: 'evergreen',
    });
    expect(config.CALCOM_USERNAMES).toBe('maya@clinic.example:maya-okafor,lee@clinic.example:dr.lee');
    expect(refusal({ ...calcom, CALCOM_USERNAMES: 'maya-okafor' })).toMatch(
      /CALCOM_USERNAMES: must list email:username pairs/,
    );
    expect(refusal({ ...calcom, CALCOM_EVENT_TYPES: 'coaching:102:two words' })).toMatch(
      /CALCOM_EVENT_TYPES: must list kind:eventTypeId pairs, each with an optional :slug/,
    );
  });

  it('refuses an unknown provider and event types it cannot read', () => {
    expect(refusal({ SCHEDULING_PROVIDER: 'acuity' })).toMatch(/SCHEDULING_PROVIDER/);
    expect(refusal({ ...calcom, CALCOM_EVENT_TYPES: 'coaching=102' })).toMatch(
      /CALCOM_EVENT_TYPES: must list kind:eventTypeId pairs/,
    );
  });
});

describe('connections to PostgreSQL', () => {
  it('are one more than the cores by default, at least 3, and DATABASE_POOL_SIZE sets them', () => {
    const cores = availableParallelism();
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(Math.max(3, cores + 1));
    expect(loadConfig({ DATABASE_POOL_SIZE: '20' }).DATABASE_POOL_SIZE).toBe(20);
    expect(refusal({ DATABASE_POOL_SIZE: '0' })).toMatch(/DATABASE_POOL_SIZE/);
  });
});
