import { describe, expect, it } from 'vitest';
import { hasUnreadConversation } from './unread-conversation';

describe('hasUnreadConversation (001 §4 Navigation: Messages dot)', () => {
  it('is true when the patient has not read the conversation', () => {
    expect(hasUnreadConversation({ patient: 'u', patient_read: false })).toBe(true);
    expect(hasUnreadConversation([{ patient_read: true }, { patient_read: false }])).toBe(true);
    expect(hasUnreadConversation({ docs: [{ patient_read: false }] })).toBe(true);
  });

  it('is false when read, unknown or not a conversation', () => {
    expect(hasUnreadConversation({ patient_read: true })).toBe(false);
    expect(hasUnreadConversation({})).toBe(false);
    expect(hasUnreadConversation([])).toBe(false);
    expect(hasUnreadConversation(null)).toBe(false);
    expect(hasUnreadConversation('unread')).toBe(false);
  });
});
