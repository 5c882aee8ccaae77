import { formatCount } from '@/lib/format';

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

/** Date and time: evaluations happen several times a day, so the day alone says little. */
export function formatEvaluationTime(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  const isThisYear = date.getFullYear() === new Date().getFullYear();
  return (isThisYear ? thisYearDateTimeFormat : dateTimeFormat).format(date);
}

/** '1 lead', '1,250 leads'. */
export const leadsCount = (n: number) => `${formatCount(n)} ${n === 1 ? 'lead' : 'leads'}`;
