import { isWidgetHexColor, WIDGET_COLOR_PALETTE, WIDGET_SETTINGS_MESSAGES } from '@lantern/contracts';
import { TriangleAlert } from 'lucide-react';
import { useId, useState } from 'react';
import { Input, Label } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type ColorFieldProps = {
  label: string;
  value: string;
  onChange: (hex: string) => void;
  /** A contrast warning for this colour (shown beside it, not blocking). */
  warning?: string;
};

/**
 * A colour: a hex field, the browser's picker and the 12 quick colours (5.2). Only #RRGGBB is
 * applied; anything else shows the spec's message and the last good colour stays in use.
 */
export function ColorField({ label, value, onChange, warning }: ColorFieldProps) {
  const id = useId();
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  // A theme, a reset or a palette click changed the colour: the field shows it.
  if (value !== shownValue) {
    setShownValue(value);
    setText(value);
  }
  const isValid = isWidgetHexColor(text);
  const errorId = `${id}-error`;
  const warningId = `${id}-warning`;

  function apply(next: string) {
    setText(next);
    if (isWidgetHexColor(next)) {
      const hex = next.trim().toUpperCase();
      setShownValue(hex);
      onChange(hex);
    }
  }

  return (
    <div className="space-y-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex items-center gap-2">
        <input
          type="color"
          aria-label={`${label} picker`}
          value={value.toLowerCase()}
          onChange={(event) => apply(event.target.value)}
          className="h-10 w-12 shrink-0 cursor-pointer rounded-lg border border-slate-300 bg-white p-1"
        />
        <Input
          id={id}
          value={text}
          onChange={(event) => apply(event.target.value)}
          spellCheck={false}
          autoComplete="off"
          maxLength={7}
          className="w-32 font-mono uppercase"
          aria-invalid={isValid ? undefined : true}
          aria-describedby={
            [!isValid && errorId, warning && warningId].filter(Boolean).join(' ') || undefined
          }
        />
      </div>
      {!isValid && (
        <p id={errorId} className="text-xs font-medium text-red-700">
          {WIDGET_SETTINGS_MESSAGES.color}
        </p>
      )}
      {warning && (
        <p id={warningId} className="flex items-start gap-1.5 text-xs text-amber-900">
          <TriangleAlert className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          {warning}
        </p>
      )}
      <div role="group" aria-label={`${label} quick colours`} className="flex flex-wrap gap-1.5">
        {WIDGET_COLOR_PALETTE.map((hex) => (
          <button
            key={hex}
            type="button"
            aria-label={hex}
            aria-pressed={value.toUpperCase() === hex}
            title={hex}
            onClick={() => apply(hex)}
            className={cn(
              'size-6 rounded-md border border-black/10 transition-transform hover:scale-110',
              value.toUpperCase() === hex && 'ring-2 ring-slate-900 ring-offset-1',
            )}
            style={{ backgroundColor: hex }}
          />
        ))}
      </div>
    </div>
  );
}
