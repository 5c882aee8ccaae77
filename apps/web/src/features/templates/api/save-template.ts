import type { EmailTemplate, TemplateCreateInput, TemplateUpdateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './query-keys';

const templatePath = (id: string) => `/api/templates/${encodeURIComponent(id)}`;

export async function createTemplate(body: TemplateCreateInput): Promise<EmailTemplate> {
  const { template } = await api.post<{ template: EmailTemplate }>('/api/templates', body);
  return template;
}

/** PUT /api/templates/{id}: the whole form, or only `{ is_active }` to activate or deactivate. */
export async function updateTemplate(id: string, body: TemplateUpdateInput): Promise<EmailTemplate> {
  const { template } = await api.put<{ template: EmailTemplate }>(templatePath(id), body);
  return template;
}

export function deleteTemplate(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(templatePath(id));
}

export type SaveTemplateInput = { id: string | null; body: TemplateCreateInput };

/** Creates (no id) or updates a template, then refreshes every templates query. */
export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: SaveTemplateInput) => (id ? updateTemplate(id, body) : createTemplate(body)),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useSetTemplateActive() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isActive }: { id: string; isActive: boolean }) =>
      updateTemplate(id, { is_active: isActive }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}

export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTemplate,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
