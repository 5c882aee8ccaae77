import type { ChildInput, LeadCreateInput, LeadUpdateInput } from './leads';

/**
 * The manual lead form's checks, in the spec's order, with its words. The web shows the first
 * message; the server answers it as the 400 of a create call. An update's checks and the
 * children of a create or update body are below.
 */
export type ManualLeadForm = {
  email: string;
  parent_name: string;
  children: { name: string }[];
};

export const SIMPLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function manualLeadError(form: ManualLeadForm): string | null {
  if (!form.email.trim()) return 'Email is required';
  if (!form.parent_name.trim()) return 'Parent name is required';
  if (form.children.length === 0) return 'At least one child is required';
  const unnamed = form.children.findIndex((c) => !c.name.trim());
  if (unnamed >= 0) return `Child ${unnamed + 1} name is required`;
  if (!SIMPLE_EMAIL.test(form.email.trim())) return 'Please enter a valid email address';
  return null;
}

type LegacyChildFields = Pick<
  LeadCreateInput,
  'children' | 'child_name' | 'child_age' | 'grade' | 'special_needs' | 'current_support'
>;

/**
 * The children of a create or update body: its list, else the legacy single-child fields wrapped
 * into one child; undefined when an update leaves the children as they are.
 */
export function leadChildrenOf(input: Partial<LegacyChildFields>): ChildInput[] | undefined {
  if (input.children && input.children.length > 0) return input.children;
  if (input.child_name) {
    return [
      {
        name: input.child_name,
        age: input.child_age ?? null,
        grade: input.grade ?? null,
        special_needs: input.special_needs ?? [],
        current_support: input.current_support ?? [],
      },
    ];
  }
  return input.children;
}

/**
 * PUT /api/leads/{id}: the first problem of a change that would leave the lead without a child,
 * a child's name, an email or a parent name (a field left out is left as it is); null otherwise.
 */
export function leadUpdateError(input: LeadUpdateInput): string | null {
  const children = leadChildrenOf(input);
  if (children) {
    if (children.length === 0) return 'At least one child is required';
    const unnamed = children.findIndex((c) => !c.name);
    if (unnamed >= 0) return `Child ${unnamed + 1} name is required`;
  }
  if (input.email === '') return 'Email is required';
  if (input.parent_name === '') return 'Parent name is required';
  return null;
}
