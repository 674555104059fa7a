/**
 * Keys of reads that combine several resources for one screen: a dashboard widget, a funnel step. The reads
 * live with their feature and are built from the resource fetchers of this folder; their keys live here, so
 * no feature writes a key literal and every invalidation goes through a factory.
 */

/** The dashboard's combined reads; a change the dashboard makes refreshes them all through `all`. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  labToStart: (userId: string) => ['dashboard', userId, 'lab-to-start'] as const,
  rapamycinCatalogue: ['dashboard', 'rapamycin-catalogue'] as const,
  visitsInReview: (userId: string) => ['visits-in-review', userId] as const,
};

/** The funnel steps' combined reads of one visit (decision 008). */
export const funnelKeys = {
  protocolSelection: (userId: string, intakeId: string) => ['protocol-selection', userId, intakeId] as const,
  treatmentPreferences: (
    userId: string,
    intakeId: string,
    productTemplateId: string,
    intakeTemplateId: string | null,
    initialIntakeTemplateId: string | null,
  ) =>
    [
      'treatment-preferences',
      userId,
      intakeId,
      productTemplateId,
      intakeTemplateId,
      initialIntakeTemplateId,
    ] as const,
  addOns: (userId: string, intakeId: string, intakeTemplateId: string | null) =>
    ['add-ons', userId, intakeId, intakeTemplateId] as const,
  /** Every checkout read of a visit (any lab product). */
  checkoutOfVisit: (userId: string, intakeId: string) => ['checkout', userId, intakeId] as const,
  checkout: (userId: string, intakeId: string, labProductId: string | null) =>
    ['checkout', userId, intakeId, labProductId] as const,
};
