import type { SyncResult } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Copies the segment's leads to its MailerLite group; 400 'MailerLite is not configured' without a key. */
export function syncToMailerLite(id: string): Promise<SyncResult> {
  return api.post<SyncResult>(`/api/segments/${encodeURIComponent(id)}/sync-to-mailerlite`);
}

export function useSyncToMailerLite() {
  return useMutation({ mutationFn: syncToMailerLite });
}
