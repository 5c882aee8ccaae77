/**
 * The manual lead form's checks, in the spec's order, with its words. The web shows the first
 * message; the server answers it as the 400 of a create call.
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
