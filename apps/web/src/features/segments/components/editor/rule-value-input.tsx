import { isRuleField, MAX_RULE_TEXT, RULE_VALUE_OPTIONS } from '@lantern/contracts';
import { Input } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { valueInputKind, type ConditionDraft } from './segment-draft';

type RuleValueInputProps = {
  id: string;
  condition: ConditionDraft;
  /** Read by screen readers with the control: the row's error, if any. */
  describedBy?: string;
  isInvalid: boolean;
  onChange: (value: string) => void;
};

/** The value control the field and operator call for; nothing for is_empty / is_not_empty. */
export function RuleValueInput({ id, condition, describedBy, isInvalid, onChange }: RuleValueInputProps) {
  const kind = valueInputKind(condition.field, condition.operator);
  const common = {
    id,
    value: condition.value,
    'aria-invalid': isInvalid || undefined,
    'aria-describedby': describedBy,
  };

  switch (kind) {
    case 'none':
      return null;
    case 'select': {
      const options = (isRuleField(condition.field) && RULE_VALUE_OPTIONS[condition.field]) || [];
      // A value saved before the list changed stays shown and chosen.
      const shown =
        condition.value && !options.includes(condition.value) ? [...options, condition.value] : options;
      return (
        <Select {...common} onChange={(event) => onChange(event.target.value)}>
          <option value="">Choose a value</option>
          {shown.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </Select>
      );
    }
    case 'number':
      return (
        <Input
          {...common}
          type="number"
          inputMode="decimal"
          placeholder="Number"
          onChange={(event) => onChange(event.target.value)}
        />
      );
    case 'days':
      return (
        <div className="flex items-center gap-2">
          <Input
            {...common}
            type="number"
            inputMode="numeric"
            min={0}
            max={36500}
            step={1}
            placeholder="30"
            onChange={(event) => onChange(event.target.value)}
          />
          <span className="shrink-0 text-sm text-slate-600" aria-hidden="true">
            days ago
          </span>
        </div>
      );
    case 'date':
      return <Input {...common} type="date" onChange={(event) => onChange(event.target.value)} />;
    case 'text':
      return (
        <Input
          {...common}
          type="text"
          maxLength={MAX_RULE_TEXT}
          placeholder={condition.operator === 'matches_regex' ? 'Pattern, e.g. @gmail\\.com$' : 'Value'}
          autoComplete="off"
          onChange={(event) => onChange(event.target.value)}
        />
      );
  }
}

/** The value's accessible name, with the unit where the input shows one beside it. */
export function valueLabel(condition: ConditionDraft): string {
  return valueInputKind(condition.field, condition.operator) === 'days' ? 'value (days ago)' : 'value';
}
