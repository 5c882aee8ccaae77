import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Replaces every backup code; the old ones stop working at once. */
export function regenerateBackupCodes(code: string): Promise<{ backupCodes: string[] }> {
  return api.post<{ backupCodes: string[] }>('/admin/2fa/regenerate-backup-codes', { code });
}

export function useRegenerateBackupCodes() {
  return useMutation({ mutationFn: regenerateBackupCodes });
}
