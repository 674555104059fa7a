/** A lab panel list entry as far as navigation reads it (002 §3: _id or panelId, status). */
export interface LabPanelEntry {
  _id?: string | null;
  panelId?: string | null;
  status?: string | null;
}

/**
 * The latest lab panel (the first of the list) counts only if the list has more than one panel or the first
 * is pending (002 §4.1); otherwise null.
 */
export function latestLabPanelId(panels: readonly LabPanelEntry[]): string | null {
  const first = panels[0];
  if (!first) return null;
  if (panels.length <= 1 && first.status !== 'pending') return null;
  return first.panelId || first._id || null;
}

/**
 * Where the navigation's Labs link goes (001 §4 Navigation): with the labs2 flag the latest lab panel overview
 * when known, else the new labs app; without it the dashboard labs list.
 */
export function labsDestination(input: {
  userId: string;
  labs2: boolean;
  latestPanelId: string | null;
}): string {
  if (!input.labs2) return `/dashboard/${encodeURIComponent(input.userId)}/labs`;
  return input.latestPanelId ? `/labs/${encodeURIComponent(input.latestPanelId)}` : '/labs';
}
