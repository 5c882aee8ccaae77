import {
  builtinDefaultVoice,
  type VoiceSetting,
  type VoiceSettingCreateInput,
  type VoiceSettingUpdateInput,
} from '@lantern/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { voiceKeys } from './query-keys';

const voicePath = (id: string, tail = '') => `/api/voice-settings/${encodeURIComponent(id)}${tail}`;
type VoiceResponse = { voice_setting: VoiceSetting };

/** GET /api/voice-settings: the default first, then by name. */
export function useVoiceSettings() {
  return useQuery({
    queryKey: voiceKeys.list,
    queryFn: async ({ signal }) =>
      (await api.get<{ voice_settings: VoiceSetting[] }>('/api/voice-settings', { signal })).voice_settings,
  });
}

/** GET /api/voice-settings/default; a failed load falls back to the built-in default (8.7). */
export function useDefaultVoice() {
  return useQuery({
    queryKey: voiceKeys.default,
    queryFn: async ({ signal }) => {
      try {
        return (await api.get<VoiceResponse>('/api/voice-settings/default', { signal })).voice_setting;
      } catch (error) {
        if (signal.aborted) throw error;
        return builtinDefaultVoice();
      }
    },
  });
}

function useVoiceMutation<TInput>(call: (input: TInput) => Promise<VoiceResponse | { success: true }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: voiceKeys.all }),
  });
}

/** POST /api/voice-settings (a new setting or a clone) and PUT /api/voice-settings/{id}. */
export type SaveVoiceInput =
  { id: null; body: VoiceSettingCreateInput } | { id: string; body: VoiceSettingUpdateInput };

export function useSaveVoiceSetting() {
  return useVoiceMutation((input: SaveVoiceInput) =>
    input.id
      ? api.put<VoiceResponse>(voicePath(input.id), input.body)
      : api.post<VoiceResponse>('/api/voice-settings', input.body),
  );
}

export function useSetDefaultVoice() {
  return useVoiceMutation((id: string) => api.post<VoiceResponse>(voicePath(id, '/set-default')));
}

export function useDeleteVoiceSetting() {
  return useVoiceMutation((id: string) => api.delete<{ success: true }>(voicePath(id)));
}
