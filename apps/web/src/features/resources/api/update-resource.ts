import type { Resource, ResourceUpdateInput } from '@lantern/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshResourceData } from './refresh-resource-data';

export type UpdateResourceInput = { id: string; body: ResourceUpdateInput };

/** PUT /api/resources/{id}: fields left out stay as they are (pause/play sends only is_active). */
export async function updateResource({ id, body }: UpdateResourceInput): Promise<Resource> {
  const { resource } = await api.put<{ resource: Resource }>(
    `/api/resources/${encodeURIComponent(id)}`,
    body,
  );
  return resource;
}

export function useUpdateResource() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateResource,
    onSuccess: () => refreshResourceData(queryClient),
  });
}
