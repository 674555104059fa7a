/**
 * The physician's Calendly booking page for one patient (decision 047): name and e-mail prefilled so the
 * booking reaches the patient's account, the patient's id in utm_content and the physician's in utm_term,
 * which the webhook hands back. Calendly sends the patient on to /appointment/cb when the event type's
 * confirmation page redirects there (with "pass event details", which adds invitee_uuid).
 */
export function calendlyBookingLink(
  schedulingLink: string,
  who: { patientId: string; physicianId: string; name: string; email: string },
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
  url.searchParams.set('utm_term', who.physicianId);
  return url.toString();
}
