import { MAX_RULE_CONDITIONS, RULE_GROUP_OPERATORS } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/input';
import { Select } from '@/components/ui/select';
import { RuleConditionRow } from './rule-condition-row';
import {
  newCondition,
  withField,
  withOperator,
  type ConditionDraft,
  type RuleGroupDraft,
  type RuleKind,
} from './segment-draft';
import type { RuleProblem } from './segment-draft-checks';

const copy = {
  inclusion: {
    title: 'Inclusion Rules',
    description: 'Leads that match these conditions join the segment.',
    empty: 'No inclusion conditions: leads join only when added by hand.',
  },
  exclusion: {
    title: 'Exclusion Rules',
    description: 'Leads that match these conditions are kept out, even when they match the inclusion rules.',
    empty: 'No exclusion conditions: nobody is kept out.',
  },
} as const;

const operatorLabels: Record<(typeof RULE_GROUP_OPERATORS)[number], string> = {
  AND: 'AND (all conditions)',
  OR: 'OR (any condition)',
};

type RuleGroupBuilderProps = {
  idPrefix: string;
  kind: RuleKind;
  group: RuleGroupDraft;
  problem?: RuleProblem;
  onChange: (group: RuleGroupDraft) => void;
};

/** One rule group: how its conditions combine, the condition rows, and Add Condition. */
export function RuleGroupBuilder({ idPrefix, kind, group, problem, onChange }: RuleGroupBuilderProps) {
  const text = copy[kind];
  const headingId = `${idPrefix}-${kind}-heading`;
  const operatorId = `${idPrefix}-${kind}-operator`;
  const groupErrorId = `${idPrefix}-${kind}-error`;
  const groupProblem = problem && !problem.conditionKey ? problem.message : undefined;
  const isFull = group.conditions.length >= MAX_RULE_CONDITIONS;

  const setConditions = (change: (conditions: ConditionDraft[]) => ConditionDraft[]) =>
    onChange({ ...group, conditions: change(group.conditions) });
  const replace = (key: string, next: ConditionDraft) =>
    setConditions((all) => all.map((c) => (c.key === key ? next : c)));

  return (
    <section aria-labelledby={headingId} className="space-y-3">
      <div className="flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <h3 id={headingId} className="text-sm font-semibold tracking-wide text-slate-500 uppercase">
            {text.title}
          </h3>
          <p className="mt-1 text-xs text-slate-600">{text.description}</p>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor={operatorId} className="text-xs font-medium whitespace-nowrap text-slate-700">
            Combine with
          </Label>
          <Select
            id={operatorId}
            value={group.operator}
            onChange={(event) => onChange({ ...group, operator: event.target.value })}
            className="w-48"
          >
            {!(RULE_GROUP_OPERATORS as readonly string[]).includes(group.operator) && (
              <option value={group.operator}>Choose AND or OR</option>
            )}
            {RULE_GROUP_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {operatorLabels[op]}
              </option>
            ))}
          </Select>
        </div>
      </div>
      {groupProblem && (
        <p id={groupErrorId} className="text-xs font-medium text-red-700">
          {groupProblem}
        </p>
      )}
      {group.conditions.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 px-4 py-3 text-sm text-slate-600">
          {text.empty}
        </p>
      ) : (
        <ol className="space-y-2">
          {group.conditions.map((condition, index) => (
            <RuleConditionRow
              key={condition.key}
              idPrefix={idPrefix}
              kind={kind}
              number={index + 1}
              connector={index === 0 ? 'Where' : group.operator}
              condition={condition}
              error={problem?.conditionKey === condition.key ? problem.message : undefined}
              onChange={(next) => replace(condition.key, next)}
              onFieldChange={(field) => replace(condition.key, withField(condition, field))}
              onOperatorChange={(operator) => replace(condition.key, withOperator(condition, operator))}
              onRemove={() => setConditions((all) => all.filter((c) => c.key !== condition.key))}
            />
          ))}
        </ol>
      )}
      <Button
        // Where the editor moves focus for a problem with the group itself (no condition to point at).
        data-error-target={groupProblem ? true : undefined}
        variant="secondary"
        size="sm"
        onClick={() => setConditions((all) => [...all, newCondition()])}
        disabled={isFull}
        aria-describedby={groupProblem ? groupErrorId : undefined}
        title={isFull ? `At most ${MAX_RULE_CONDITIONS} conditions` : undefined}
      >
        <Plus className="size-4" aria-hidden="true" />
        Add Condition
      </Button>
    </section>
  );
}
