import { CheckboxField } from '@/components/ui/checkbox';

type OptionChecklistProps = {
  /** The fieldset's name for screen readers and tests, e.g. 'Child 1 Special Needs'. */
  name: string;
  /** The heading people see, e.g. 'Special Needs'. */
  legend: string;
  options: readonly string[];
  selected: string[];
  onChange: (selected: string[]) => void;
};

/** A fieldset of checkboxes, each labelled by its option text; keeps the options' order. */
export function OptionChecklist({ name, legend, options, selected, onChange }: OptionChecklistProps) {
  function toggle(option: string, isChecked: boolean) {
    const next = new Set(selected);
    if (isChecked) next.add(option);
    else next.delete(option);
    onChange(options.filter((o) => next.has(o)));
  }

  return (
    <fieldset aria-label={name}>
      <legend className="mb-1.5 text-sm font-medium text-slate-800">{legend}</legend>
      <div className="grid grid-cols-1 gap-x-4 sm:grid-cols-2">
        {options.map((option) => (
          <CheckboxField
            key={option}
            label={option}
            checked={selected.includes(option)}
            onChange={(event) => toggle(option, event.target.checked)}
          />
        ))}
      </div>
    </fieldset>
  );
}
