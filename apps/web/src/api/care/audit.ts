import type { CareAuditPage } from '@portal/domain/contracts/care';
import { infiniteQueryOptions } from '@tanstack/react-query';
import { apiRequest, requireOrganizationId, seg } from '../../lib/api-client';

/** Whose trail: one patient's, or one staff member's. */
export type AuditSubject = { patient: string } | { actor: string };

export const AUDIT_PAGE_SIZE = 50;

/** GET /care/{org}/audit: the trail newest first, page by page (keyset cursor). */
export function careAuditQueryOptions(subject: AuditSubject) {
  return infiniteQueryOptions({
    queryKey: ['care', 'audit', subject] as const,
    queryFn: ({ pageParam, signal }) =>
      apiRequest<CareAuditPage>(`/care/${seg(requireOrganizationId())}/audit`, {
        query: { ...subject, cursor: pageParam ?? undefined, limit: AUDIT_PAGE_SIZE },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}
