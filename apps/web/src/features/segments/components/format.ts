const dateFormat = new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
const time = { hour: 'numeric', minute: '2-digit' } as const;
const dateTimeFormat = new Intl.DateTimeFormat(undefined, {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  ...time,
});
// This year's dates leave the year out, so date and time fit one line of a narrow card.
const thisYearDateTimeFormat = new Intl.DateTimeFormat(undefined, {
  month: 'short',
  day: 'numeric',
  ...time,
});
const numberFormat = new Intl.NumberFormat();

/** A short, unambiguous date (22 Nov 2026 or Nov 22, 2026 by locale). */
export function formatDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateFormat.format(date);
}

/** Date and time: evaluations happen several times a day, so the day alone says little. */
export function formatDateTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const isThisYear = date.getFullYear() === new Date().getFullYear();
  return (isThisYear ? thisYearDateTimeFormat : dateTimeFormat).format(date);
}

export const formatCount = (n: number) => numberFormat.format(n);

export const leadsCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;
