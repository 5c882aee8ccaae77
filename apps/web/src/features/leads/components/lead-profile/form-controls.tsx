import { useId, type ComponentProps, type ReactNode } from 'react';
import { CheckboxField } from '@/components/ui/checkbox';
import { inputBaseStyles, Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/lib/cn';

export type Option = { value: string; label: string };

/** The list's options, plus the current value when it is not one of them, so saving keeps it. */
export function optionsWithCurrent(
  options: readonly Option[],
  current: string,
  label: (value: string) => string = (value) => value,
): Option[] {
  if (!current || options.some((option) => option.value === current)) return [...options];
  return [...options, { value: current, label: label(current) }];
}

export const asOptions = (values: readonly string[], label: (value: string) => string = (v) => v) =>
  values.map((value) => ({ value, label: label(value) }));

/** A visible label with a marker that the field must be filled in. */
function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <Label htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="ml-0.5 text-red-600" aria-hidden="true">
          *
        </span>
      ) : null}
    </Label>
  );
}

// The fields take react-hook-form's register(...) props (name, onChange, onBlur, ref) like a native control.
type SelectFieldProps = Omit<ComponentProps<'select'>, 'id'> & {
  label: ReactNode;
  options: Option[];
  /** Text of the empty first option; without it every value must be one of the options. */
  emptyLabel?: string;
};

export function SelectField({ label, options, emptyLabel, className, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} label={label} required={props.required} />
      <Select id={id} {...props}>
        {emptyLabel !== undefined ? <option value="">{emptyLabel}</option> : null}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </div>
  );
}

type InputFieldProps = Omit<ComponentProps<'input'>, 'id'> & { label: ReactNode };

export function InputField({ label, className, ...props }: InputFieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} label={label} required={props.required} />
      <input id={id} className={cn(inputBaseStyles, 'h-10 text-sm')} {...props} />
    </div>
  );
}

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'id'> & { label: ReactNode };

export function TextAreaField({ label, className, ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <div className={cn('space-y-1.5', className)}>
      <FieldLabel htmlFor={id} label={label} required={props.required} />
      <Textarea id={id} className="min-h-24 leading-relaxed" {...props} />
    </div>
  );
}

type CheckboxGroupProps = {
  legend: ReactNode;
  options: readonly string[];
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** A checklist in a fieldset; values that are checked but not in the list stay shown and checked. */
export function CheckboxGroup({ legend, options, selected, onChange }: CheckboxGroupProps) {
  const unknown = selected.filter((value) => !options.includes(value));
  const all = [...options, ...unknown];
  const toggle = (value: string, isChecked: boolean) =>
    onChange(isChecked ? [...selected, value] : selected.filter((v) => v !== value));
  return (
    <fieldset className="min-w-0">
      <legend className="mb-2 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid gap-x-3 sm:grid-cols-2">
        {all.map((value) => (
          <CheckboxField
            key={value}
            label={value}
            checked={selected.includes(value)}
            onChange={(event) => toggle(value, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
