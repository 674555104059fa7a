/** Whether the "I'll do this later" link shows (000 §2 screen 9): only on verify_account and existing_identity, and only when an ID image or a selfie is missing. */
export function showDoThisLater(
  step: string,
  images: { idImageUrl?: string | null; selfieUrl?: string | null },
): boolean {
  if (step !== 'verify_account' && step !== 'existing_identity') return false;
  return !images.idImageUrl || !images.selfieUrl;
}

/** Where "I'll do this later" goes: checkout, or the dashboard when there is no intake or the route is /verification. */
export function doThisLaterTarget(
  intakeId: string | null | undefined,
  onVerificationRoute: boolean,
): { kind: 'checkout'; intakeId: string } | { kind: 'dashboard' } {
  if (!intakeId || onVerificationRoute) return { kind: 'dashboard' };
  return { kind: 'checkout', intakeId };
}
