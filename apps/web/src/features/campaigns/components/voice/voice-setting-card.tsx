import {
  VOICE_CARD_ELEMENTS,
  voiceLengthLabel,
  voiceMoreElements,
  type VoiceSetting,
} from '@lantern/contracts';
import { Copy, Pencil, Star, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

type VoiceSettingCardProps = {
  voice: VoiceSetting;
  isBusy: boolean;
  onEdit: (voice: VoiceSetting) => void;
  onClone: (voice: VoiceSetting) => void;
  onSetDefault: (voice: VoiceSetting) => void;
  onDelete: (voice: VoiceSetting) => void;
};

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900 [overflow-wrap:anywhere]">{value}</dd>
    </div>
  );
}

/** A voice setting's card (2.8): its words, 3 include elements then a count, and its actions (4.6). */
export function VoiceSettingCard({
  voice,
  isBusy,
  onEdit,
  onClone,
  onSetDefault,
  onDelete,
}: VoiceSettingCardProps) {
  const shown = voice.include_elements.slice(0, VOICE_CARD_ELEMENTS);
  const more = voice.include_elements.length - shown.length;
  return (
    <Card className="flex h-full flex-col p-5" aria-label={voice.name} data-testid="voice-card">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <h3 className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{voice.name}</h3>
          {voice.description && <p className="mt-0.5 text-sm text-slate-600">{voice.description}</p>}
        </div>
        {voice.is_default && (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-indigo-50 px-2.5 py-0.5 text-xs font-medium text-indigo-800 ring-1 ring-indigo-600/25 ring-inset">
            <Star className="size-3" aria-hidden="true" />
            Default
          </span>
        )}
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <Fact label="Tone" value={voice.tone} />
        <Fact label="Perspective" value={voice.perspective} />
        <Fact label="Style" value={voice.style} />
        <Fact label="Length" value={voiceLengthLabel(voice.preferred_length)} />
        <Fact label="Call to action" value={voice.cta_style} />
      </dl>
      <div className="mt-3">
        <p className="text-xs font-medium text-slate-600">Includes</p>
        <ul className="mt-1 flex flex-wrap gap-1.5" aria-label="Include elements">
          {shown.map((element) => (
            <li key={element} className="rounded-full bg-emerald-50 px-2 py-0.5 text-xs text-emerald-800">
              {element}
            </li>
          ))}
          {more > 0 && <li className="px-1 text-xs font-medium text-slate-600">{voiceMoreElements(more)}</li>}
          {shown.length === 0 && <li className="text-xs text-slate-600">Nothing listed</li>}
        </ul>
      </div>
      {voice.avoid_terms.length > 0 && (
        <p className="mt-2 text-xs text-slate-600">
          <span className="font-medium">Avoids:</span> {voice.avoid_terms.join(', ')}
        </p>
      )}
      <div className="mt-auto flex flex-wrap gap-1 border-t border-slate-100 pt-3">
        <Button size="sm" variant="ghost" onClick={() => onEdit(voice)} aria-label={`Edit ${voice.name}`}>
          <Pencil className="size-3.5" aria-hidden="true" />
          Edit
        </Button>
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onClone(voice)}
          disabled={isBusy}
          aria-label={`Clone ${voice.name}`}
        >
          <Copy className="size-3.5" aria-hidden="true" />
          Clone
        </Button>
        {!voice.is_default && (
          <>
            <Button
              size="sm"
              variant="ghost"
              onClick={() => onSetDefault(voice)}
              disabled={isBusy}
              aria-label={`Set ${voice.name} as default`}
            >
              <Star className="size-3.5" aria-hidden="true" />
              Set default
            </Button>
            <Button
              size="sm"
              variant="ghost"
              className="text-red-700 hover:bg-red-50"
              onClick={() => onDelete(voice)}
              aria-label={`Delete ${voice.name}`}
            >
              <Trash2 className="size-3.5" aria-hidden="true" />
              Delete
            </Button>
          </>
        )}
      </div>
      {voice.is_default && (
        <p className="mt-2 text-xs text-slate-600">The default voice cannot be deleted.</p>
      )}
    </Card>
  );
}
