import {
  listTimeZones,
  WIDGET_LONG_TEXT_MAX,
  WIDGET_NAME_MAX,
  WIDGET_SHORT_TEXT_MAX,
  WIDGET_WELCOME_HELP,
  type WidgetSettings,
} from '@lantern/contracts';
import { memo, useId, useMemo } from 'react';
import { Label, TextField } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import type { DraftErrors, WidgetDraft } from '../settings-draft';
import { TextAreaField } from './form-fields';
import { ImageField } from './image-field';

export type TabProps = {
  draft: WidgetDraft;
  update: (patch: Partial<WidgetDraft>) => void;
  errors: DraftErrors;
  /** The settings saved by an image upload or deletion. */
  onImageSaved: (settings: WidgetSettings, type: 'avatar' | 'logo') => void;
};

type TimeZoneFieldProps = {
  value: string;
  onChange: (patch: Partial<WidgetDraft>) => void;
  error?: string;
};

/** The IANA time zone; memoised, so its ~400 options are not redrawn at every keystroke elsewhere. */
const TimeZoneField = memo(function TimeZoneField({ value, onChange, error }: TimeZoneFieldProps) {
  const id = useId();
  const zones = useMemo(() => {
    const all = listTimeZones();
    return all.includes(value) ? all : [value, ...all];
  }, [value]);
  return (
    <div className="space-y-1.5">
      <Label htmlFor={id}>School time zone</Label>
      <Select
        id={id}
        value={value}
        onChange={(e) => onChange({ school_time_zone: e.target.value })}
        aria-describedby={`${id}-hint`}
      >
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zone.replaceAll('_', ' ')}
          </option>
        ))}
      </Select>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        Analytics count days and campaigns are scheduled in this time zone.
      </p>
      {error && <p className="text-xs font-medium text-red-700">{error}</p>}
    </div>
  );
});

/** School Branding: the school's name, time zone, pitch, call to action and logo. */
export function BrandingTab({ draft, update, errors, onImageSaved }: TabProps) {
  return (
    <div className="space-y-6">
      <TextField
        label="School name"
        value={draft.school_name}
        maxLength={WIDGET_NAME_MAX}
        onChange={(e) => update({ school_name: e.target.value })}
        error={errors.school_name}
        hint="Shown in the chat window's header, the welcome message and the enrolment form."
      />
      <TimeZoneField value={draft.school_time_zone} onChange={update} error={errors.school_time_zone} />
      <TextAreaField
        label="Unique selling proposition"
        value={draft.unique_selling_proposition ?? ''}
        maxLength={WIDGET_LONG_TEXT_MAX}
        rows={3}
        onChange={(e) => update({ unique_selling_proposition: e.target.value })}
        error={errors.unique_selling_proposition}
        hint="What makes your school different. The chatbot mentions it when it fits; parents do not see it as written."
      />
      <TextField
        label="Call-to-action text"
        value={draft.call_to_action_text ?? ''}
        maxLength={WIDGET_SHORT_TEXT_MAX}
        onChange={(e) => update({ call_to_action_text: e.target.value })}
        error={errors.call_to_action_text}
        placeholder="Questions about admissions? Ask us"
        hint="A bubble beside the launcher until the visitor opens the chat. Leave empty for none."
      />
      <ImageField
        type="logo"
        url={draft.logo_url}
        filename={draft.logo_filename}
        name={draft.school_name}
        description="Shown in the chat window's header instead of the avatar."
        onSaved={(settings) => onImageSaved(settings, 'logo')}
      />
    </div>
  );
}

/** Chatbot Personality: its name, how it speaks, its welcome message and avatar. */
export function PersonalityTab({ draft, update, errors, onImageSaved }: TabProps) {
  return (
    <div className="space-y-6">
      <TextField
        label="Chatbot name"
        value={draft.chatbot_name}
        maxLength={WIDGET_NAME_MAX}
        onChange={(e) => update({ chatbot_name: e.target.value })}
        error={errors.chatbot_name}
      />
      <TextAreaField
        label="Personality"
        value={draft.chatbot_personality ?? ''}
        maxLength={WIDGET_LONG_TEXT_MAX}
        rows={4}
        onChange={(e) => update({ chatbot_personality: e.target.value })}
        error={errors.chatbot_personality}
        placeholder="Warm, patient and clear. Never gives medical advice."
        hint="How the chatbot speaks to parents. It guides the answers; it is never shown."
      />
      <TextAreaField
        label="Welcome message"
        value={draft.welcome_message}
        maxLength={WIDGET_LONG_TEXT_MAX}
        rows={3}
        onChange={(e) => update({ welcome_message: e.target.value })}
        error={errors.welcome_message}
        hint={WIDGET_WELCOME_HELP}
      />
      <ImageField
        type="avatar"
        url={draft.avatar_url}
        filename={draft.avatar_filename}
        name={draft.chatbot_name}
        description="The chatbot's picture beside its messages. Without one, its initials are shown."
        onSaved={(settings) => onImageSaved(settings, 'avatar')}
      />
    </div>
  );
}
