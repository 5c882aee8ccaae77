import type {
  TemplateCreateDefaults,
  TemplateExtractRequest,
  TemplatePreview,
  TemplateValidateRequest,
  TemplateValidation,
} from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { templateKeys } from './query-keys';

/** POST /api/templates/validate: the server's verdict on a draft before it is saved. */
export function validateTemplate(
  body: TemplateValidateRequest,
  signal?: AbortSignal,
): Promise<TemplateValidation> {
  return api.post<TemplateValidation>('/api/templates/validate', body, { signal });
}

/** POST /api/templates/extract-variables: the placeholder names the three templates use. */
export async function extractVariables(
  body: TemplateExtractRequest,
  signal?: AbortSignal,
): Promise<string[]> {
  const { variables } = await api.post<{ variables: string[] }>('/api/templates/extract-variables', body, {
    signal,
  });
  return variables;
}

/** POST /api/templates/{id}/preview: subject, HTML and text rendered with the values given. */
export function previewTemplate(
  id: string,
  variables: Record<string, string>,
  signal?: AbortSignal,
): Promise<TemplatePreview> {
  return api.post<TemplatePreview>(
    `/api/templates/${encodeURIComponent(id)}/preview`,
    { variables },
    { signal },
  );
}

/** POST /api/templates/create-defaults: the starter set; calling it again adds nothing twice. */
export function useCreateDefaultTemplates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TemplateCreateDefaults>('/api/templates/create-defaults'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: templateKeys.all }),
  });
}
