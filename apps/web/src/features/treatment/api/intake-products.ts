import type { Intake, IntakeProductConfiguration } from '@portal/domain/contracts/intake';
import { apiRequest, seg } from '../../../lib/api-client';

/** POST /v2/intakes/{id}/products (000 §7): adds configured products (or ids); the intake comes back. */
export function addIntakeProducts(
  intakeId: string,
  products: (string | IntakeProductConfiguration)[],
): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/products`, {
    method: 'POST',
    body: { products },
  });
}

/** DELETE /v2/intakes/{id}/products (000 §7): removes products by template or priced product id. */
export function removeIntakeProducts(intakeId: string, products: string[]): Promise<Intake> {
  return apiRequest<Intake>(`/v2/intakes/${seg(intakeId)}/products`, {
    method: 'DELETE',
    body: { products },
  });
}
