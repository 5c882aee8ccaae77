import type { SubmitLeadInput, SubmitLeadResponse } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** POST /widget/submit-lead (no token): the server answers the resources picked for the family. */
export function submitLead(body: SubmitLeadInput): Promise<SubmitLeadResponse> {
  return api.post<SubmitLeadResponse>('/widget/submit-lead', body, { anonymous: true });
}

export function useSubmitLead() {
  return useMutation({ mutationFn: submitLead });
}
