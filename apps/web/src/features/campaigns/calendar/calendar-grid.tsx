import { useEffect, useRef, type KeyboardEvent } from 'react';
import { cn } from '@/lib/cn';
import {
  addDays,
  addMonths,
  cellItems,
  dayKey,
  dayLabel,
  formatTime12,
  isSameDay,
  isSameMonth,
  monthWeeks,
  WEEKDAYS,
  type CalendarEntry,
} from './calendar-dates';

type CalendarGridProps = {
  /** The day with keyboard focus; its month is the month shown. */
  focusedDay: Date;
  selectedDay: Date | null;
  today: Date;
  byDay: ReadonlyMap<string, CalendarEntry[]>;
  /** Move the focus (and, across a month's edge, the month shown). */
  onFocusDay: (day: Date) => void;
  onSelectDay: (day: Date) => void;
  /** The grid's name for screen readers: the month shown. */
  label: string;
};

const NO_ENTRIES: CalendarEntry[] = [];

/** Where each key moves the focused day (the ARIA grid pattern, as date pickers do it). */
function keyTarget(event: KeyboardEvent, day: Date): Date | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, -day.getDay());
    case 'End':
      return addDays(day, 6 - day.getDay());
    case 'PageUp':
      return addMonths(day, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}

/**
 * The month grid, Sunday to Saturday (role=grid): one focusable day at a time (roving tabindex),
 * arrows move by day and week, Home/End to the week's ends, PageUp/PageDown by month (with Shift by
 * year), Enter or Space selects. Each cell lists at most two campaigns plus '+N more'; narrow cells
 * show a count instead.
 */
export function CalendarGrid({
  focusedDay,
  selectedDay,
  today,
  byDay,
  onFocusDay,
  onSelectDay,
  label,
}: CalendarGridProps) {
  const cells = useRef(new Map<string, HTMLDivElement>());
  // Focus follows the focused day only after a key press in the grid, never on first render.
  const moveFocus = useRef(false);
  const focusedKey = dayKey(focusedDay);

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    cells.current.get(focusedKey)?.focus();
  }, [focusedKey]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>, day: Date) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      onSelectDay(day);
      return;
    }
    const target = keyTarget(event, day);
    if (!target) return;
    event.preventDefault();
    moveFocus.current = true;
    onFocusDay(target);
  };

  return (
    <div role="grid" aria-label={label} className="@container">
      <div role="row" className="grid grid-cols-7 border-b border-slate-200">
        {WEEKDAYS.map((weekday) => (
          <div
            key={weekday.short}
            role="columnheader"
            aria-label={weekday.long}
            className="px-2 py-2 text-center text-xs font-semibold tracking-wide text-slate-600 uppercase"
          >
            {weekday.short}
          </div>
        ))}
      </div>
      {monthWeeks(focusedDay).map((week) => (
        <div role="row" key={dayKey(week[0]!)} className="grid grid-cols-7">
          {week.map((day) => {
            const key = dayKey(day);
            const entries = byDay.get(key) ?? NO_ENTRIES;
            return (
              <DayCell
                key={key}
                day={day}
                entries={entries}
                isFocused={key === focusedKey}
                isSelected={!!selectedDay && isSameDay(day, selectedDay)}
                isToday={isSameDay(day, today)}
                isOutside={!isSameMonth(day, focusedDay)}
                cellRef={(node) => {
                  if (node) cells.current.set(key, node);
                  else cells.current.delete(key);
                }}
                onSelect={() => {
                  onFocusDay(day);
                  onSelectDay(day);
                }}
                onKeyDown={(event) => onKeyDown(event, day)}
              />
            );
          })}
        </div>
      ))}
    </div>
  );
}

type DayCellProps = {
  day: Date;
  entries: CalendarEntry[];
  isFocused: boolean;
  isSelected: boolean;
  isToday: boolean;
  isOutside: boolean;
  cellRef: (node: HTMLDivElement | null) => void;
  onSelect: () => void;
  onKeyDown: (event: KeyboardEvent<HTMLDivElement>) => void;
};

function DayCell({
  day,
  entries,
  isFocused,
  isSelected,
  isToday,
  isOutside,
  cellRef,
  onSelect,
  onKeyDown,
}: DayCellProps) {
  const { shown, more } = cellItems(entries);
  return (
    <div
      ref={cellRef}
      role="gridcell"
      tabIndex={isFocused ? 0 : -1}
      aria-selected={isSelected}
      aria-current={isToday ? 'date' : undefined}
      aria-label={dayLabel(day, entries, isToday)}
      data-day={dayKey(day)}
      onClick={onSelect}
      onKeyDown={onKeyDown}
      className={cn(
        'relative flex min-h-16 min-w-0 cursor-pointer flex-col gap-1 border-r border-b border-slate-100 p-1.5 text-left outline-none @2xl:min-h-24 [&:nth-child(7)]:border-r-0',
        'focus-visible:z-10 focus-visible:ring-2 focus-visible:ring-indigo-600 focus-visible:ring-inset',
        isOutside ? 'bg-slate-50/70' : 'bg-white hover:bg-slate-50',
        isSelected && 'bg-indigo-50 shadow-[inset_0_0_0_1px_var(--color-indigo-300)] hover:bg-indigo-50',
      )}
    >
      <span
        aria-hidden="true"
        className={cn(
          'flex size-7 items-center justify-center rounded-full text-sm',
          isOutside ? 'text-slate-500' : 'text-slate-800',
          isToday && 'bg-indigo-600 font-semibold text-white',
          isSelected && !isToday && 'font-semibold text-indigo-800',
        )}
      >
        {day.getDate()}
      </span>
      {entries.length > 0 && (
        <>
          <ul aria-hidden="true" className="hidden min-w-0 flex-col gap-1 @2xl:flex">
            {shown.map((entry) => (
              <li
                key={entry.campaign.id}
                title={`${formatTime12(entry.at)} ${entry.campaign.name}`}
                className={cn(
                  'min-w-0 rounded px-1.5 py-0.5 text-xs leading-tight',
                  entry.isSent ? 'bg-slate-100 text-slate-700' : 'bg-indigo-100 text-indigo-900',
                )}
              >
                <span className="block font-semibold">{formatTime12(entry.at)}</span>
                <span className="block truncate">{entry.campaign.name}</span>
              </li>
            ))}
            {more > 0 && <li className="px-1.5 text-xs font-medium text-slate-700">+{more} more</li>}
          </ul>
          <span
            aria-hidden="true"
            className={cn(
              'flex h-5 min-w-5 items-center justify-center self-start rounded-full px-1.5 text-xs font-semibold @2xl:hidden',
              entries.some((e) => !e.isSent) ? 'bg-indigo-600 text-white' : 'bg-slate-200 text-slate-700',
            )}
          >
            {entries.length}
          </span>
        </>
      )}
    </div>
  );
}
