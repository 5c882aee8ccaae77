import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshResourceData } from './refresh-resource-data';

/** DELETE /api/resources/{id}: the resource, its files, segment links and download links. */
export function deleteResource(id: string): Promise<{ success: true }> {
  return api.delete<{ success: true }>(`/api/resources/${encodeURIComponent(id)}`);
}

export function useDeleteResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteResource,
    onSuccess: () => refreshResourceData(queryClient),
  });
}
