import { statusTone } from '../lib/status-tone';

export function StatusBadge({ status, label }: { status: string; label: string }) {
  return <span className={`orders-status orders-status--${statusTone(status)}`}>{label}</span>;
}
