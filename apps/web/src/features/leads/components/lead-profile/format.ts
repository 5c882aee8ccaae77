/** Display formats of the lead profile and the conversation viewer (dates and counts: lib/format). */

/** Wire values such as 'not_interested' as words: 'Not interested'. */
export function humanize(value: string): string {
  const words = value.replace(/[_-]+/g, ' ').trim();
  return words ? words.charAt(0).toUpperCase() + words.slice(1) : value;
}

const SOURCES: Record<string, string> = {
  chat: 'Chat widget',
  form: 'Enrolment form',
  manual: 'Added by staff',
  import: 'CSV import',
};

export function sourceLabel(source: string): string {
  return SOURCES[source] ?? humanize(source);
}

export function formatMoney(amount: number): string {
  return amount.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

export function ageLabel(age: number | null): string | null {
  if (age === null) return null;
  return `${age} ${age === 1 ? 'year' : 'years'} old`;
}
