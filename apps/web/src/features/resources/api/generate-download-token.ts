import type { DownloadToken } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** The placeholder identity of an admin's test link (the spec's 'placeholder email'). */
export const TEST_LINK_EMAIL = 'test@example.com';
export const TEST_LINK_VISITOR = 'admin-test-link';

export type GenerateTokenInput = { resourceId: string; email: string; visitorUuid: string };

/** POST /api/resources/generate-token, sent without the admin's token as the spec says. */
export function generateDownloadToken({ resourceId, email, visitorUuid }: GenerateTokenInput) {
  return api.post<DownloadToken>(
    '/api/resources/generate-token',
    { resource_id: resourceId, email, visitor_uuid: visitorUuid },
    { anonymous: true },
  );
}

export function useGenerateDownloadToken() {
  return useMutation({ mutationFn: generateDownloadToken });
}
