/**
 * Calendly's API v2, the one call the portal makes (decision 047): cancelling a scheduled event. Calendly has
 * no API to book or reschedule for an invitee (its pages do that), and publishes no Node SDK, so this is a
 * plain fetch with a timeout under the clinic's personal access token.
 */

/** Calendly answered with an error or could not be reached; `status` is Calendly's HTTP status (0: unreachable). */
export class CalendlyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Calendly's limit on a cancellation's reason. */
const REASON_MAX = 10_000;

export function createCalendlyClient(opts: {
  token: string;
  baseUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}) {
  const base = opts.baseUrl.replace(/\/$/, '');
  const doFetch = opts.fetch ?? fetch;
  const timeoutMs = opts.timeoutMs ?? 10_000;
  return {
    /**
     * POST /scheduled_events/{uuid}/cancellation with the reason: Calendly cancels the event and e-mails its
     * invitee and host. Answers 201 with the cancellation; anything else is an error.
     */
    async cancel(eventUuid: string, reason: string): Promise<void> {
      let response: Response;
      try {
        response = await doFetch(`${base}/scheduled_events/${encodeURIComponent(eventUuid)}/cancellation`, {
          method: 'POST',
          headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
          body: JSON.stringify({ reason: reason.slice(0, REASON_MAX) }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch {
        throw new CalendlyError(0, 'Calendly could not be reached');
      }
      await response.body?.cancel().catch(() => undefined);
      if (!response.ok) throw new CalendlyError(response.status, `Calendly answered ${response.status}`);
    },
  };
}
export type CalendlyClient = ReturnType<typeof createCalendlyClient>;
