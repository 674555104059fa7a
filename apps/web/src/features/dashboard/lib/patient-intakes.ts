import type { Intake } from '@portal/domain/contracts/intake';
import { getIntakes } from '../../../api/intakes';

const inFlight = new Map<string, Promise<Intake[]>>();

/**
 * GET /intakes/{org}/patient/{user} for the widgets that ask at the same moment (the lab to start, Visits in
 * Review): one read while it is out. Two reads of it went out in two round trips on a first load (the route
 * guard's read made ahead is taken once), and Visits in Review's product names waited for the second.
 * Nothing is kept once it has answered.
 */
export function getPatientIntakes(userId: string): Promise<Intake[]> {
  let read = inFlight.get(userId);
  if (!read) {
    read = getIntakes(userId).finally(() => inFlight.delete(userId));
    inFlight.set(userId, read);
  }
  return read;
}
