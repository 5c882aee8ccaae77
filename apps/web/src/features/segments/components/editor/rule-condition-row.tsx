import {
  DATE_OPERATOR_LABELS,
  isRuleField,
  operatorsFor,
  RULE_FIELD_LABELS,
  RULE_FIELD_TYPES,
  RULE_FIELDS,
  RULE_OPERATOR_LABELS,
  type RuleOperator,
} from '@lantern/contracts';
import { X } from 'lucide-react';
import { Select } from '@/components/ui/select';
import { cn } from '@/lib/cn';
import { RuleValueInput, valueLabel } from './rule-value-input';
import { valueInputKind, type ConditionDraft, type RuleKind } from './segment-draft';

function operatorLabel(field: string, operator: string): string {
  const op = operator as RuleOperator;
  const isDate = isRuleField(field) && RULE_FIELD_TYPES[field] === 'date';
  return (isDate && DATE_OPERATOR_LABELS[op]) || RULE_OPERATOR_LABELS[op] || operator;
}

type Option = { value: string; label: string };

/** The list's options, plus the current value when a saved rule uses one the list no longer has. */
function withCurrent(options: Option[], current: string): Option[] {
  return !current || options.some((o) => o.value === current)
    ? options
    : [...options, { value: current, label: current }];
}

const fieldOptions: Option[] = RULE_FIELDS.map((field) => ({
  value: field,
  label: RULE_FIELD_LABELS[field],
}));

type RuleConditionRowProps = {
  idPrefix: string;
  kind: RuleKind;
  number: number;
  /** 'Where' for the first row, then the group's AND / OR: the rows read as one sentence. */
  connector: string;
  condition: ConditionDraft;
  error?: string;
  onChange: (condition: ConditionDraft) => void;
  onFieldChange: (field: string) => void;
  onOperatorChange: (operator: string) => void;
  onRemove: () => void;
};

export function RuleConditionRow({
  idPrefix,
  kind,
  number,
  connector,
  condition,
  error,
  onChange,
  onFieldChange,
  onOperatorChange,
  onRemove,
}: RuleConditionRowProps) {
  const id = (part: string) => `${idPrefix}-${condition.key}-${part}`;
  const name = `${kind === 'inclusion' ? 'Inclusion' : 'Exclusion'} rule ${number}`;
  const operators = withCurrent(
    operatorsFor(condition.field).map((op) => ({ value: op, label: operatorLabel(condition.field, op) })),
    condition.operator,
  );
  const errorId = error ? id('error') : undefined;
  const hasValue = valueInputKind(condition.field, condition.operator) !== 'none';

  return (
    <li
      className={cn(
        'rounded-lg border bg-slate-50/70 p-3',
        error ? 'border-red-300 bg-red-50/40' : 'border-slate-200',
      )}
      data-testid={`${kind}-condition`}
    >
      <div className="flex items-start gap-2">
        <span
          className="mt-3 w-12 shrink-0 text-xs font-semibold tracking-wide text-slate-500 uppercase"
          aria-hidden="true"
        >
          {connector}
        </span>
        {/* Three across where the dialog is wide; below that the value takes its own line, so long field
            and operator names are not cut off. */}
        <div className="grid min-w-0 flex-1 gap-2 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.15fr)_minmax(0,1fr)_minmax(0,1fr)]">
          <div className="min-w-0">
            <label htmlFor={id('field')} className="sr-only">
              {name} field
            </label>
            <Select
              id={id('field')}
              aria-invalid={(error && !hasValue) || undefined}
              aria-describedby={hasValue ? undefined : errorId}
              value={condition.field}
              onChange={(event) => onFieldChange(event.target.value)}
            >
              {withCurrent(fieldOptions, condition.field).map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <div className="min-w-0">
            <label htmlFor={id('operator')} className="sr-only">
              {name} operator
            </label>
            <Select
              id={id('operator')}
              value={condition.operator}
              onChange={(event) => onOperatorChange(event.target.value)}
            >
              {operators.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </Select>
          </div>
          <div className={cn('min-w-0 sm:col-span-2 lg:col-span-1', !hasValue && 'hidden lg:block')}>
            {hasValue && (
              <label htmlFor={id('value')} className="sr-only">
                {name} {valueLabel(condition)}
              </label>
            )}
            <RuleValueInput
              id={id('value')}
              condition={condition}
              isInvalid={Boolean(error)}
              describedBy={errorId}
              onChange={(value) => onChange({ ...condition, value })}
            />
          </div>
        </div>
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove ${name.toLowerCase()}`}
          title="Remove condition"
          className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg text-slate-500 transition-colors hover:bg-red-50 hover:text-red-700"
        >
          <X className="size-4" aria-hidden="true" />
        </button>
      </div>
      {error && (
        <p id={errorId} className="mt-2 pl-14 text-xs font-medium text-red-700">
          {error}
        </p>
      )}
    </li>
  );
}
