import { BookableKind } from '@portal/domain/contracts/appointment';

/**
 * A Calendly booking page for one patient (decision 047): name and e-mail prefilled so the booking reaches the
 * patient's account, the patient's id in utm_content and what the page books in utm_term (the physician's id
 * on a physician's page; the subscription's id, else the kind, on the clinic's page of a kind of call, whose
 * kind also rides in utm_campaign). Calendly hands the utm fields back in the invitee's `tracking`, and sends
 * the patient on to /appointment/cb when the event type's confirmation page redirects there (with "pass event
 * details", which adds invitee_uuid).
 */
export function calendlyBookingLink(
  schedulingLink: string,
  who: { patientId: string; name: string; email: string },
  tag: { term: string; campaign?: BookableKind },
): string | null {
  let url: URL;
  try {
    url = new URL(schedulingLink);
  } catch {
    return null;
  }
  if (url.protocol !== 'https:') return null;
  url.searchParams.set('name', who.name);
  url.searchParams.set('email', who.email);
  url.searchParams.set('utm_content', who.patientId);
  url.searchParams.set('utm_term', tag.term);
  if (tag.campaign) url.searchParams.set('utm_campaign', tag.campaign);
  return url.toString();
}

const EXAMPLE = 'user-verification:https://calendly.com/clinic/verification';

/**
 * CALENDLY_EVENT_LINKS, "user-verification:https://calendly.com/clinic/verification,coaching:https://…": the
 * clinic's Calendly page of each kind of call. Each entry that cannot be used is one problem line, so a
 * misspelt setting stops the server at start with what to fix rather than failing a patient later.
 */
export function parseCalendlyEventLinks(setting: string | undefined): {
  links: Map<BookableKind, string>;
  problems: string[];
} {
  const links = new Map<BookableKind, string>();
  const problems: string[] = [];
  const entries = (setting ?? '')
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  for (const entry of entries) {
    const at = entry.indexOf(':');
    const kind = at > 0 ? entry.slice(0, at) : '';
    const link = at > 0 ? entry.slice(at + 1) : '';
    const known = BookableKind.safeParse(kind);
    if (!known.success) {
      problems.push(
        `CALENDLY_EVENT_LINKS: "${entry.slice(0, 80)}" does not start with a kind of call (user-verification, coaching or consultation) and a colon, e.g. ${EXAMPLE}.`,
      );
      continue;
    }
    let url: URL | undefined;
    try {
      url = new URL(link);
    } catch {
      url = undefined;
    }
    if (!(url?.protocol === 'https:' && url.hostname)) {
      problems.push(
        `CALENDLY_EVENT_LINKS: the page of ${kind} must be an https link to the Calendly page, e.g. ${EXAMPLE}.`,
      );
      continue;
    }
    if (links.has(known.data)) {
      problems.push(`CALENDLY_EVENT_LINKS: ${kind} is listed more than once.`);
      continue;
    }
    links.set(known.data, url.toString());
  }
  return { links, problems };
}
