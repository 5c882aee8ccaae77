import {
  WIDGET_AUTO_OPEN_DELAYS,
  WIDGET_BORDER_RADII,
  WIDGET_COLOR_FIELDS,
  WIDGET_POSITION_LABELS,
  WIDGET_POSITIONS,
  widgetContrastWarnings,
  type WidgetColorField,
} from '@lantern/contracts';
import { useId } from 'react';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { ColorField } from './color-field';
import type { TabProps } from './content-tabs';
import { ChoiceGroup, ToggleField } from './form-fields';

const COLOR_LABELS: Record<WidgetColorField, string> = {
  primary_color: 'Primary colour',
  secondary_color: 'Secondary colour',
  accent_color: 'Accent colour',
  text_color: 'Text colour',
  background_color: 'Background colour',
};
const RADIUS_OPTIONS = WIDGET_BORDER_RADII.map((value) => ({ value, label: value.replace('px', ' px') }));
const POSITION_OPTIONS = WIDGET_POSITIONS.map((value) => ({ value, label: WIDGET_POSITION_LABELS[value] }));

/** Visual Design: the five colours (with contrast warnings), the corner radius and the position. */
export function VisualTab({ draft, update }: Pick<TabProps, 'draft' | 'update'>) {
  const warnings = widgetContrastWarnings(draft);
  // Beside the colour the admin is most likely to change: the text or the primary colour.
  const warningFor = (field: WidgetColorField) =>
    warnings
      .filter((w) => w.foreground === field)
      .map((w) => w.message)
      .join(' ') || undefined;
  return (
    <div className="space-y-6">
      <div className="grid gap-6 sm:grid-cols-2">
        {WIDGET_COLOR_FIELDS.map((field) => (
          <ColorField
            key={field}
            label={COLOR_LABELS[field]}
            value={draft[field]}
            onChange={(hex) => update({ [field]: hex })}
            warning={warningFor(field)}
          />
        ))}
      </div>
      <ChoiceGroup
        legend="Border radius"
        name="border_radius"
        options={RADIUS_OPTIONS}
        value={draft.border_radius}
        onChange={(border_radius) => update({ border_radius })}
      />
      <ChoiceGroup
        legend="Position"
        name="position"
        options={POSITION_OPTIONS}
        value={draft.position}
        onChange={(position) => update({ position })}
      />
    </div>
  );
}

/** Behavior: auto-open (delay, new visitors only), typing indicator, branding line, analytics. */
export function BehaviorTab({ draft, update }: Pick<TabProps, 'draft' | 'update'>) {
  const delayId = useId();
  return (
    <div className="space-y-4">
      <ToggleField
        label="Open the chat automatically"
        description="The chat window opens by itself once per visit, without taking the page's focus."
        checked={draft.auto_open_enabled}
        onChange={(auto_open_enabled) => update({ auto_open_enabled })}
      />
      <div className="ml-6 space-y-3 border-l-2 border-slate-100 pl-4">
        <div className="max-w-xs space-y-1.5">
          <Label htmlFor={delayId}>Open after</Label>
          <Select
            id={delayId}
            value={String(draft.auto_open_delay)}
            disabled={!draft.auto_open_enabled}
            onChange={(e) => update({ auto_open_delay: Number(e.target.value) })}
          >
            {WIDGET_AUTO_OPEN_DELAYS.map((seconds) => (
              <option key={seconds} value={seconds}>
                {seconds} seconds
              </option>
            ))}
          </Select>
        </div>
        <ToggleField
          label="Only for new visitors"
          description="Returning visitors are not interrupted."
          checked={draft.auto_open_only_new_visitors}
          disabled={!draft.auto_open_enabled}
          onChange={(auto_open_only_new_visitors) => update({ auto_open_only_new_visitors })}
        />
      </div>
      <ToggleField
        label="Show the typing indicator"
        description="Three dots while the chatbot prepares its answer."
        checked={draft.enable_typing_indicator}
        onChange={(enable_typing_indicator) => update({ enable_typing_indicator })}
      />
      <ToggleField
        label="Show 'Powered by Lantern'"
        description="A small line under the message box."
        checked={draft.show_branding}
        onChange={(show_branding) => update({ show_branding })}
      />
      <ToggleField
        label="Collect analytics"
        description="Count visits and conversations for the Analytics screens."
        checked={draft.enable_analytics}
        onChange={(enable_analytics) => update({ enable_analytics })}
      />
    </div>
  );
}
