import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * The 'website' honeypot: off screen and out of the tab order, hidden from screen readers, never
 * autofilled. Not display:none, which bots learn to skip; whatever lands here marks the sender a bot.
 */
export function HoneypotField({ field }: { field: UseFormRegisterReturn<'website'> }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute -left-[10000px] size-px overflow-hidden">
      <label>
        Website
        <input type="text" tabIndex={-1} autoComplete="off" {...field} />
      </label>
    </div>
  );
}
