import type { CareInvitationLookup } from '@portal/domain/contracts/care';
import { apiRequest, seg } from '../../lib/api-client';

// Plain calls, free of the query library: the invitation page stands outside every shell that provides it.

/** GET /care/invitations/{id}/{token}: who is invited, to which clinic, and whether the link still works. */
export function lookUpInvitation(invitationId: string, token: string, signal?: AbortSignal) {
  return apiRequest<CareInvitationLookup>(`/care/invitations/${seg(invitationId)}/${seg(token)}`, {
    authenticated: false,
    handleUnauthorized: false,
    ...(signal ? { signal } : {}),
  });
}

/** POST /care/invitations/accept: creates the account with the chosen password (no session is returned). */
export function acceptInvitation(input: { invitation: string; token: string; password: string }) {
  return apiRequest<{ _id: string; email: string; role: string }>('/care/invitations/accept', {
    method: 'POST',
    body: input,
    authenticated: false,
    handleUnauthorized: false,
  });
}
