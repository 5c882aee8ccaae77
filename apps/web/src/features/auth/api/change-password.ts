import type { ChangePasswordRequest } from '@lantern/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function changePassword(body: ChangePasswordRequest): Promise<{ success: true; message: string }> {
  return api.post<{ success: true; message: string }>('/admin/password', body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
