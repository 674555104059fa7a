import type { Intake } from '@portal/domain/contracts/intake';
import { appointmentsRead } from '../api/appointment-reads';
import {
  incompleteIntakesPath,
  intakeTemplatePath,
  MEDICATION_CATALOGUE,
  PRODUCTS_PATH,
  patientIntakesPath,
  patientOrdersPath,
  productTemplatesPath,
  subscriptionsPath,
  UNREAD_NOTIFICATIONS_QUERY,
} from '../api/dashboard-reads';
import { NOTIFICATIONS_PATH } from '../api/shell-reads';
import { continueTemplateIds, reviewTemplateIds } from '../features/dashboard/lib/visit-templates';
import { apiRequest, readAhead } from '../lib/api-client';

/**
 * The first reads of the dashboard's home page (its widgets, Visits in Review and the unread line appear
 * once these have answered), made ahead by the route guard on a first load, beside the patient's record:
 * the same calls the page's look-ups make first (by the same paths), so the page takes their answers. They
 * are made by path from the entry, not through the API modules, which would make them wait for the page's
 * code. The templates of the patient's visits (the Continue cards' and Visits in Review's) are read as soon
 * as the visits are known. A call left out here is only made later.
 */
export function readAheadDashboard(userId: string): void {
  const [appointments, coaching] = appointmentsRead(userId, 'coaching');
  readAhead(() =>
    Promise.all([
      apiRequest(subscriptionsPath(userId)),
      apiRequest(appointments, { query: coaching }),
      apiRequest<Intake[]>(incompleteIntakesPath(userId)).then((incomplete) =>
        readAhead(() =>
          Promise.all(continueTemplateIds(incomplete).map((id) => apiRequest(intakeTemplatePath(id)))),
        ),
      ),
      apiRequest(patientOrdersPath(userId)),
      apiRequest<Intake[]>(patientIntakesPath(userId)).then((intakes) => {
        const ids = reviewTemplateIds(intakes);
        if (ids.length > 0)
          readAhead(() => apiRequest(productTemplatesPath(), { query: { ids: ids.join(',') } }));
      }),
      apiRequest(PRODUCTS_PATH, { query: MEDICATION_CATALOGUE }),
      apiRequest(NOTIFICATIONS_PATH, { query: UNREAD_NOTIFICATIONS_QUERY }),
    ]),
  );
}
