export interface StatusOption {
  value: string;
  label: string;
}

/**
 * The Status filter's choices: one per label a patient reads. Two statuses can share a label (a subscription
 * paused_by_reschedule is shown as Rescheduled, as a rescheduled one is: 001 §4), so choices with the same
 * label are one choice, sent as the status in the address when it is one of them, else the status the label
 * names ("Rescheduled": rescheduled), else the first. A status in the address the patient no longer has is
 * added so it can be cleared.
 */
export function statusFilterOptions(available: readonly StatusOption[], current?: string): StatusOption[] {
  const byLabel = new Map<string, string[]>();
  for (const { value, label } of available) byLabel.set(label, [...(byLabel.get(label) ?? []), value]);
  const options = [...byLabel].map(([label, values]) => {
    const named = label.toLowerCase().replaceAll(' ', '_');
    const value =
      (current && values.includes(current) ? current : undefined) ??
      values.find((v) => v === named) ??
      values[0]!;
    return { value, label };
  });
  if (current && !available.some((s) => s.value === current))
    options.push({ value: current, label: current.replaceAll('_', ' ') });
  return options;
}
