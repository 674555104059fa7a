/** Treatment quantity (000 §3 treatment_properties.quantity): units x months; a one-time plan (0 months) counts as one shipment. */
export function treatmentQuantity(units: number, months: number): number {
  return units * Math.max(1, months);
}
