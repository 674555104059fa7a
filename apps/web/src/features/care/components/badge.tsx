import type { Tone } from '../lib/labels';

export function Badge({ tone, children }: { tone: Tone; children: string }) {
  return <span className={`care-badge care-badge--${tone}`}>{children}</span>;
}
