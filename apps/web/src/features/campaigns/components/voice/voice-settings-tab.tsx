import {
  BUILTIN_VOICE_ID,
  builtinDefaultVoice,
  VOICE_MESSAGES,
  VOICE_PRESETS,
  voiceCloneName,
  type VoicePreset,
  type VoiceSetting,
} from '@lantern/contracts';
import { Mic, Plus } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import {
  useDeleteVoiceSetting,
  useSaveVoiceSetting,
  useSetDefaultVoice,
  useVoiceSettings,
} from '../../api/voice-settings';
import { toCloneVoiceBody } from './voice-draft';
import { VoiceSettingCard } from './voice-setting-card';
import { VoiceSettingFormDialog } from './voice-setting-form-dialog';

type Form =
  | { isOpen: false }
  | { isOpen: true; voice: VoiceSetting | null; preset?: VoicePreset; startFrom?: VoiceSetting };

const gridStyles = 'grid grid-cols-1 gap-5 md:grid-cols-2 xl:grid-cols-3';

/** Voice Settings (2.8): one card per setting, presets, and the form; one default (4.6). */
export function VoiceSettingsTab() {
  const list = useVoiceSettings();
  const save = useSaveVoiceSetting();
  const setDefault = useSetDefaultVoice();
  const [form, setForm] = useState<Form>({ isOpen: false });
  const [toDelete, setToDelete] = useState<VoiceSetting | null>(null);
  // Nothing stored yet: the built-in default (9) stands in, and is saved when edited.
  const voices = list.data && list.data.length > 0 ? list.data : list.data ? [builtinDefaultVoice()] : null;

  function clone(voice: VoiceSetting) {
    save.mutate(
      { id: null, body: toCloneVoiceBody(voice, voiceCloneName(voice.name)) },
      {
        onSuccess: () => notify.success(`Voice setting cloned as "${voiceCloneName(voice.name)}"`),
        onError: (error) => notify.error(errorMessage(error, VOICE_MESSAGES.cloneFailed)),
      },
    );
  }

  function makeDefault(voice: VoiceSetting) {
    setDefault.mutate(voice.id, {
      onSuccess: () => notify.success(`"${voice.name}" is now the default voice`),
      onError: (error) => notify.error(errorMessage(error, VOICE_MESSAGES.setDefaultFailed)),
    });
  }

  function edit(voice: VoiceSetting) {
    if (voice.id === BUILTIN_VOICE_ID) setForm({ isOpen: true, voice: null, startFrom: voice });
    else setForm({ isOpen: true, voice });
  }

  function renderCards() {
    if (list.isError && !voices)
      return (
        <EmptyState
          icon={Mic}
          title={VOICE_MESSAGES.loadFailed}
          action={
            <Button variant="secondary" onClick={() => void list.refetch()} isLoading={list.isFetching}>
              Try again
            </Button>
          }
        />
      );
    if (!voices)
      return (
        <div className={gridStyles} role="status" aria-label="Loading voice settings">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} className="h-64" />
          ))}
        </div>
      );
    return (
      <ul className={gridStyles}>
        {voices.map((voice) => (
          <li key={voice.id} className="min-w-0">
            <VoiceSettingCard
              voice={voice}
              isBusy={save.isPending || setDefault.isPending}
              onEdit={edit}
              onClone={clone}
              onSetDefault={makeDefault}
              onDelete={setToDelete}
            />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="space-y-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="max-w-2xl text-sm text-slate-600">
          Drafts are written in the default voice unless you choose another. Start from a preset or write your
          own.
        </p>
        <div className="flex flex-wrap gap-2">
          {(Object.keys(VOICE_PRESETS) as VoicePreset[]).map((preset) => (
            <Button
              key={preset}
              variant="secondary"
              size="sm"
              onClick={() => setForm({ isOpen: true, voice: null, preset })}
            >
              {VOICE_PRESETS[preset].name} preset
            </Button>
          ))}
          <Button size="sm" onClick={() => setForm({ isOpen: true, voice: null })}>
            <Plus className="size-4" aria-hidden="true" />
            New Voice Setting
          </Button>
        </div>
      </div>
      {list.data?.length === 0 && (
        <Alert tone="info">
          No voice settings saved yet: drafts use the built-in default below until you save one.
        </Alert>
      )}
      {renderCards()}
      {form.isOpen && (
        <VoiceSettingFormDialog
          voice={form.voice}
          preset={form.preset}
          startFrom={form.startFrom}
          onClose={() => setForm({ isOpen: false })}
          onSaved={(voice) => {
            setForm({ isOpen: false });
            notify.success(`Voice setting "${voice.name}" saved`);
          }}
        />
      )}
      {toDelete && <DeleteVoiceDialog key={toDelete.id} voice={toDelete} onClose={() => setToDelete(null)} />}
    </div>
  );
}

function DeleteVoiceDialog({ voice, onClose }: { voice: VoiceSetting; onClose: () => void }) {
  const remove = useDeleteVoiceSetting();
  return (
    <ConfirmDeleteDialog
      title="Delete voice setting"
      question={`Are you sure you want to delete "${voice.name}"? This action cannot be undone.`}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={remove.isPending}
      error={remove.isError ? errorMessage(remove.error, VOICE_MESSAGES.deleteFailed) : null}
      onConfirm={() =>
        remove.mutate(voice.id, {
          onSuccess: () => {
            onClose();
            notify.success(`Voice setting "${voice.name}" deleted`);
          },
        })
      }
      onCancel={onClose}
    />
  );
}
