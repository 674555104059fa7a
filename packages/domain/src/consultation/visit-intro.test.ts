import { describe, expect, it } from 'vitest';
import { DEFAULT_VISIT_INTRO, VisitIntroContent, visitIntroOf } from './visit-intro';

describe('visit intro', () => {
  it('reads as the defaults when the clinic wrote nothing', () => {
    expect(visitIntroOf(undefined)).toEqual({ ...DEFAULT_VISIT_INTRO, customized: false });
    expect(visitIntroOf({})).toEqual({ ...DEFAULT_VISIT_INTRO, customized: false });
    expect(DEFAULT_VISIT_INTRO.title).toBe("Let's get started on your visit");
  });

  it("takes the clinic's words field by field", () => {
    const intro = visitIntroOf({ title: 'Your rapamycin visit', steps: [{ title: 'One', text: 'First.' }] });
    expect(intro).toEqual({
      title: 'Your rapamycin visit',
      lead: DEFAULT_VISIT_INTRO.lead,
      steps: [{ title: 'One', text: 'First.' }],
      customized: true,
    });
  });

  it('ignores a stored introduction that is not valid rather than showing part of it', () => {
    expect(visitIntroOf({ title: '', steps: [] })).toEqual({ ...DEFAULT_VISIT_INTRO, customized: false });
    expect(visitIntroOf('text')).toEqual({ ...DEFAULT_VISIT_INTRO, customized: false });
  });

  it('checks what the clinic writes, with a message for each limit', () => {
    const issue = (value: unknown) => VisitIntroContent.safeParse(value).error?.issues[0]?.message;
    expect(issue({ title: '   ' })).toBe('Give the introduction a title.');
    expect(issue({ lead: 'x'.repeat(601) })).toBe('The lead is at most 600 characters.');
    expect(issue({ steps: [] })).toBe('Keep at least one step.');
    expect(issue({ steps: Array.from({ length: 9 }, () => ({ title: 'a', text: 'b' })) })).toBe(
      'At most 8 steps.',
    );
    expect(issue({ steps: [{ title: 'a', text: ' ' }] })).toBe('Say what happens in the step.');
    expect(issue({ title: 'ok', extra: 1 })).toBeDefined();
    expect(VisitIntroContent.parse({ title: '  Hello  ' })).toEqual({ title: 'Hello' });
  });
});
