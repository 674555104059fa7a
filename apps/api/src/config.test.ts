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
