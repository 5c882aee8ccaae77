/** Display formats shared by the lead profile and the conversation viewer (the browser's locale). */

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const dateOnlyFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const dateTimeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });
const timeFormat = new Intl.DateTimeFormat(undefined, { timeStyle: 'short' });

function parse(value: string): Date | null {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A calendar date (YYYY-MM-DD, shown as that day everywhere) or a timestamp's local date. */
export function formatDate(value: string): string {
  const date = parse(DATE_ONLY.test(value) ? `${value}T00:00:00Z` : value);
  if (!date) return value;
  return (DATE_ONLY.test(value) ? dateOnlyFormat : dateFormat).format(date);
}

export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? dateTimeFormat.format(date) : value;
}

export function formatTimeOfDay(value: string): string {
  const date = parse(value);
  return date ? timeFormat.format(date) : value;
}

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
