import { describe, expect, it } from 'vitest';
import { labsDestination, latestLabPanelId } from './labs-destination';

describe('latestLabPanelId (002 §4.1)', () => {
  it('counts the first panel when the list has more than one', () => {
    expect(
      latestLabPanelId([
        { _id: 'p2', status: 'reviewed' },
        { _id: 'p1', status: 'reviewed' },
      ]),
    ).toBe('p2');
  });

  it('counts a single panel only when it is pending', () => {
    expect(latestLabPanelId([{ panelId: 'p1', _id: 'x', status: 'pending' }])).toBe('p1');
    expect(latestLabPanelId([{ _id: 'p1', status: 'reviewed' }])).toBeNull();
    expect(latestLabPanelId([])).toBeNull();
  });
});

describe('labsDestination (001 §4 Navigation)', () => {
  it('sends labs2 patients to the latest panel overview when known, else the labs app', () => {
    expect(labsDestination({ userId: 'u1', labs2: true, latestPanelId: 'p2' })).toBe('/labs/p2');
    expect(labsDestination({ userId: 'u1', labs2: true, latestPanelId: null })).toBe('/labs');
  });

  it('sends the others to the dashboard labs list', () => {
    expect(labsDestination({ userId: 'u1', labs2: false, latestPanelId: 'p2' })).toBe('/dashboard/u1/labs');
  });
});
