import { FileJson, FileSpreadsheet } from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/cn';
import type { ExportFormat } from '../../api/export-leads';

const FORMATS = [
  {
    value: 'csv',
    label: 'CSV',
    description: 'For Excel, Numbers or Google Sheets. Choose the columns below.',
    icon: FileSpreadsheet,
  },
  {
    value: 'json',
    label: 'JSON',
    description: 'Every field of every lead, for other software.',
    icon: FileJson,
  },
] as const;

/** The 'Format' radio group, as two cards. */
export function FormatChoice({
  value,
  onChange,
  disabled,
}: {
  value: ExportFormat;
  onChange: (format: ExportFormat) => void;
  disabled?: boolean;
}) {
  const id = useId();
  return (
    <fieldset disabled={disabled}>
      <legend className="mb-2 text-sm font-semibold text-slate-900">Format</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {FORMATS.map(({ value: format, label, description, icon: Icon }) => (
          <label
            key={format}
            className={cn(
              'flex cursor-pointer gap-3 rounded-xl border p-4 transition-colors',
              value === format
                ? 'border-indigo-600 bg-indigo-50/60 ring-1 ring-indigo-600'
                : 'border-slate-200 bg-white hover:border-slate-300',
            )}
          >
            <input
              type="radio"
              name={`${id}-format`}
              value={format}
              checked={value === format}
              onChange={() => onChange(format)}
              aria-labelledby={`${id}-${format}`}
              aria-describedby={`${id}-${format}-description`}
              className="mt-1 size-4 shrink-0 accent-indigo-600"
            />
            <span className="min-w-0">
              <span id={`${id}-${format}`} className="flex items-center gap-2 font-medium text-slate-900">
                {label}
                <Icon className="size-4 text-slate-500" aria-hidden="true" />
              </span>
              <span id={`${id}-${format}-description`} className="mt-1 block text-sm text-slate-600">
                {description}
              </span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
