import { describe, expect, it } from 'vitest';
import { bannerActionOutcome } from './banner-action';

const USER = '64a1b2c3d4e5f6a7b8c9d0e1';
const act = (type: string, value: string) => bannerActionOutcome({ type, value, mode: 'light' }, USER);

describe('bannerActionOutcome (002 §2.6)', () => {
  it('opens an external link in a new tab, only for http(s) addresses', () => {
    expect(act('external-link', 'https://example.com/blog?a=1')).toEqual({
      kind: 'open-external',
      url: 'https://example.com/blog?a=1',
    });
    expect(act('external-link', 'javascript:alert(1)').kind).toBe('log');
    expect(act('external-link', '/relative').kind).toBe('log');
  });

  it('starts the visit of a medication product through the start route', () => {
    expect(act('medication-visit', 'abc123')).toEqual({ kind: 'navigate', to: '/start/product/p/abc123' });
    expect(act('medication-visit', ' ').kind).toBe('log');
  });

  it('keeps the lab template and goes to the lab visit signup', () => {
    expect(act('lab-visit', 'lab1')).toEqual({
      kind: 'lab-visit',
      productTemplateId: 'lab1',
      to: '/signup/lab-visit',
    });
  });

  it('goes to a dashboard page of the user, never above it', () => {
    expect(act('in-app-path', 'labs')).toEqual({ kind: 'navigate', to: `/dashboard/${USER}/labs` });
    expect(act('in-app-path', '/treatment/plan?tab=1')).toEqual({
      kind: 'navigate',
      to: `/dashboard/${USER}/treatment/plan?tab=1`,
    });
    expect(act('in-app-path', '../../admin').kind).toBe('log');
    expect(act('in-app-path', '').kind).toBe('log');
  });

  it('only logs an unknown action type', () => {
    expect(act('teleport', 'x')).toEqual({ kind: 'log', reason: 'Unknown banner action: teleport' });
  });
});
