export type StatusTone = 'success' | 'pending' | 'danger' | 'neutral';

const TONES: Record<string, StatusTone> = {
  paid: 'success',
  fulfilled: 'success',
  active: 'success',
  trialing: 'success',
  failed: 'danger',
  past_due: 'danger',
  unpaid: 'danger',
  incomplete_expired: 'danger',
  canceled: 'neutral',
  refunded: 'neutral',
};

/** The colour family of a status badge; anything still in progress reads as pending. */
export function statusTone(status: string): StatusTone {
  return TONES[status] ?? 'pending';
}
