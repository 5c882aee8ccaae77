import type {
  AvailableTemplate,
  EditWithAiInput,
  EditWithAiResult,
  GenerateContentInput,
  GenerateContentResult,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { campaignKeys, campaignPath } from './query-keys';

/** POST /api/campaigns/generate-content: one draft per segment (individual) or one shared (single). */
export function useGenerateContent() {
  return useMutation({
    mutationFn: (body: GenerateContentInput) =>
      api.post<GenerateContentResult>('/api/campaigns/generate-content', body),
  });
}

/** GET /api/campaigns/available-templates: the active templates a draft may start from. */
export function useAvailableTemplates() {
  return useQuery({
    queryKey: campaignKeys.templates,
    queryFn: async ({ signal }) =>
      (await api.get<{ templates: AvailableTemplate[] }>('/api/campaigns/available-templates', { signal }))
        .templates,
  });
}

/** POST /api/campaigns/{id}/edit-with-ai: a new version with a change summary. */
export function useEditWithAi(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: EditWithAiInput) =>
      api.post<EditWithAiResult>(campaignPath(id, '/edit-with-ai'), body),
    onSuccess: (result) => {
      queryClient.setQueryData(campaignKeys.detail(id), result.campaign);
      return queryClient.invalidateQueries({ queryKey: campaignKeys.all });
    },
  });
}

export type TemplateTestResult = {
  subject: string;
  html_content: string;
  text_content: string;
  variables: string[];
  missing: string[];
};

/** POST /api/campaigns/test-template-generation: the template filled with sample data. */
export function useTestTemplateGeneration() {
  return useMutation({
    mutationFn: (templateId: string) =>
      api.post<TemplateTestResult>('/api/campaigns/test-template-generation', { template_id: templateId }),
  });
}
