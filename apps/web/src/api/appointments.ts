import type { Availability, BookableKind } from '@portal/domain/contracts/appointment';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** How many days of open times the picker shows. */
export const PICKER_DAYS = 14;

/** GET /v2/appointments/availability: open 30-minute slots for the signed-in patient. */
export function getAvailability(kind: BookableKind, signal?: AbortSignal): Promise<Availability> {
  return apiRequest<Availability>('/v2/appointments/availability', {
    query: { kind, days: PICKER_DAYS },
    signal,
  });
}

export const availabilityQueryKey = (kind: BookableKind) => ['appointment-availability', kind] as const;

export function availabilityQueryOptions(kind: BookableKind) {
  return queryOptions({
    queryKey: availabilityQueryKey(kind),
    queryFn: ({ signal }) => getAvailability(kind, signal),
    // Open times change as others book: never show an old list for long.
    staleTime: 30_000,
  });
}
