import type { Lead, leadCreateSchema } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '@/lib/api-client';
import { refreshLeadData } from './refresh-lead-data';

/** What the form sends: the schema's input side (optional fields may be left out). */
export type CreateLeadBody = z.input<typeof leadCreateSchema>;
export type LeadCreated = { lead: Lead; segments: string[] };

/** Manual creation: one lead with its children; the server answers 409 for an email already on file. */
export function createLead(body: CreateLeadBody): Promise<LeadCreated> {
  return api.post<LeadCreated>('/api/leads/import/single', body);
}

export function useCreateLead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createLead,
    onSuccess: () => refreshLeadData(queryClient),
  });
}
