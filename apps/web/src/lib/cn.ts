/** Joins class names and drops falsy ones, so conditional Tailwind classes read inline. */
export function cn(...classes: Array<string | false | null | undefined>): string {
  return classes.filter(Boolean).join(' ');
}
