import { ADMIN_SPECIAL_NEEDS, MAX_RULE_CONDITIONS } from '@lantern/contracts';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ComponentProps } from 'react';
import { describe, expect, it } from 'vitest';
import { RuleGroupBuilder } from './rule-group-builder';

type BuilderProps = ComponentProps<typeof RuleGroupBuilder>;
type Group = BuilderProps['group'];

const EMPTY: Group = { operator: 'AND', conditions: [] };

/** The editor in small: it keeps the group the builder hands back. */
function Rules({
  kind = 'inclusion',
  initial = EMPTY,
  problem,
}: Partial<BuilderProps> & { initial?: Group }) {
  const [group, setGroup] = useState(initial);
  return (
    <RuleGroupBuilder idPrefix="editor" kind={kind} group={group} problem={problem} onChange={setGroup} />
  );
}

const user = () => userEvent.setup();
const field = (n: number) => screen.getByRole('combobox', { name: `Inclusion rule ${n} field` });
const operator = (n: number) => screen.getByRole('combobox', { name: `Inclusion rule ${n} operator` });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((o) => o.textContent);
const addCondition = () => screen.getByRole('button', { name: 'Add Condition' });

describe('RuleGroupBuilder', () => {
  it('starts with no conditions, then adds one that reads "Where special needs contains ..."', async () => {
    const u = user();
    render(<Rules />);
    const section = screen.getByRole('region', { name: 'Inclusion Rules' });
    expect(section).toHaveTextContent('No inclusion conditions: leads join only when added by hand.');

    await u.click(addCondition());
    const [row] = within(section).getAllByRole('listitem');
    expect(row).toHaveTextContent(/^Where/);
    expect(field(1)).toHaveDisplayValue('Special needs (first child)');
    expect(operator(1)).toHaveDisplayValue('contains');
    const value = screen.getByRole('combobox', { name: 'Inclusion rule 1 value' });
    expect(optionNames(value)).toEqual(['Choose a value', ...ADMIN_SPECIAL_NEEDS]);
    await u.selectOptions(value, 'ADHD');
    expect(value).toHaveValue('ADHD');
  });

  it('offers the operators and the kind of value the chosen field takes, clearing the value', async () => {
    const u = user();
    render(<Rules />);
    await u.click(addCondition());
    await u.selectOptions(screen.getByRole('combobox', { name: 'Inclusion rule 1 value' }), 'ADHD');

    await u.selectOptions(field(1), 'Lead score');
    expect(optionNames(operator(1))).toEqual([
      'equals',
      'does not equal',
      'is greater than',
      'is less than',
      'is at least',
      'is at most',
    ]);
    const score = screen.getByRole('spinbutton', { name: 'Inclusion rule 1 value' });
    expect(score).toHaveValue(null);
    await u.type(score, '70');
    expect(score).toHaveValue(70);

    // A date field reads as days ago.
    await u.selectOptions(field(1), 'Created');
    expect(operator(1)).toHaveDisplayValue('at least N days ago');
    expect(screen.getByRole('spinbutton', { name: 'Inclusion rule 1 value (days ago)' })).toHaveValue(null);
  });

  it('asks for no value when the operator is "is empty"', async () => {
    const u = user();
    render(<Rules />);
    await u.click(addCondition());
    await u.selectOptions(field(1), 'Phone');
    expect(screen.getByRole('textbox', { name: 'Inclusion rule 1 value' })).toBeInTheDocument();
    await u.selectOptions(operator(1), 'is empty');
    expect(screen.queryByLabelText(/Inclusion rule 1 value/)).not.toBeInTheDocument();
  });

  it("joins later conditions with the group's AND or OR, and renumbers them when one is removed", async () => {
    const u = user();
    render(<Rules />);
    await u.click(addCondition());
    await u.click(addCondition());
    await u.selectOptions(field(2), 'Timeline');
    const rows = () =>
      within(screen.getByRole('region', { name: 'Inclusion Rules' })).getAllByRole('listitem');
    expect(rows()[1]).toHaveTextContent(/^AND/);

    await u.selectOptions(screen.getByRole('combobox', { name: 'Combine with' }), 'OR (any condition)');
    expect(rows()[1]).toHaveTextContent(/^OR/);

    await u.click(screen.getByRole('button', { name: 'Remove inclusion rule 1' }));
    expect(rows()).toHaveLength(1);
    expect(rows()[0]).toHaveTextContent(/^Where/);
    expect(field(1)).toHaveDisplayValue('Timeline');
  });

  it(`stops at ${MAX_RULE_CONDITIONS} conditions`, () => {
    const full: Group = {
      operator: 'AND',
      conditions: Array.from({ length: MAX_RULE_CONDITIONS }, (_, i) => ({
        key: `condition-full-${i}`,
        field: 'email',
        operator: 'contains',
        value: `school${i}`,
      })),
    };
    render(<Rules initial={full} />);
    expect(addCondition()).toBeDisabled();
  });

  it('says what is wrong with the group under its heading, and ties it to Add Condition', () => {
    render(
      <Rules
        kind="exclusion"
        initial={{ operator: 'OR', conditions: [] }}
        problem={{ message: 'Exclusion rules: add a condition' }}
      />,
    );
    const section = screen.getByRole('region', { name: 'Exclusion Rules' });
    expect(section).toHaveTextContent('No exclusion conditions: nobody is kept out.');
    expect(within(section).getByText('Exclusion rules: add a condition')).toBeVisible();
    expect(addCondition()).toHaveAccessibleDescription('Exclusion rules: add a condition');
  });
});
