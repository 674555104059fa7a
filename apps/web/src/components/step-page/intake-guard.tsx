import { dashboardPath } from '@portal/domain/consultation/consultation-path';
import { Navigate } from 'react-router';
import { isInvalidIntakeError } from '../../lib/consultation-routing';

/** Sends the patient to the dashboard profile when the route's intake is invalid (000 §2). */
export function InvalidIntakeRedirect({ userId, error }: { userId: string; error: unknown }) {
  if (!isInvalidIntakeError(error)) return null;
  return <Navigate to={dashboardPath(userId)} replace />;
}
