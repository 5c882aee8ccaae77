import { Checkbox, CheckboxField } from '@/components/ui/checkbox';
import type { ExportColumnGroup } from '../../api/get-export-columns';

/** 'parent_name' -> 'Parent name', 'id' -> 'ID'. */
export function columnLabel(column: string): string {
  if (column === 'id') return 'ID';
  const words = column.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

type ColumnPickerProps = {
  groups: ExportColumnGroup[];
  selected: ReadonlySet<string>;
  onChange: (columns: string[], isSelected: boolean) => void;
};

/** The export's columns by group: a group's checkbox selects all or none of it. */
export function ColumnPicker({ groups, selected, onChange }: ColumnPickerProps) {
  return (
    <div className="grid gap-3 sm:grid-cols-2">
      {groups.map(({ group, columns }) => {
        const count = columns.filter((c) => selected.has(c)).length;
        const isAll = count === columns.length;
        return (
          <fieldset key={group} className="rounded-xl border border-slate-200 bg-white px-3 pt-1 pb-2">
            <legend className="sr-only">{group}</legend>
            <label className="-mx-3 flex cursor-pointer items-center gap-2 border-b border-slate-100 px-3 py-2 text-sm font-semibold text-slate-900">
              <Checkbox
                checked={isAll}
                ref={(box) => {
                  if (box) box.indeterminate = count > 0 && !isAll;
                }}
                onChange={(event) => onChange(columns, event.target.checked)}
              />
              <span className="flex-1">{group}</span>
              <span aria-hidden="true" className="text-xs font-normal text-slate-500 tabular-nums">
                {count}/{columns.length}
              </span>
            </label>
            <div className="mt-1 grid grid-cols-1 gap-x-2">
              {columns.map((column) => (
                <CheckboxField
                  key={column}
                  label={columnLabel(column)}
                  checked={selected.has(column)}
                  onChange={(event) => onChange([column], event.target.checked)}
                />
              ))}
            </div>
          </fieldset>
        );
      })}
    </div>
  );
}
