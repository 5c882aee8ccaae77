import type { ClipboardEvent, ComponentProps } from 'react';
import { inputBaseStyles } from '@/components/ui/input';
import { cn } from '@/lib/cn';

type CodeInputProps = Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'maxLength'> & {
  value: string;
  onValueChange: (digits: string) => void;
  maxLength: number;
  /** Large for a step that is only about the code; compact beside other fields. */
  look?: 'large' | 'compact';
};

const looks = {
  large: 'h-12 text-center text-lg tracking-[0.3em]',
  compact: 'h-10 text-base tracking-[0.2em]',
} as const;

const digitsOnly = (text: string, maxLength: number) => text.replace(/\D/g, '').slice(0, maxLength);

/** A one-time-code field that keeps digits only (pasted spaces and dashes are dropped). */
export function CodeInput({
  value,
  onValueChange,
  maxLength,
  look = 'large',
  className,
  ...props
}: CodeInputProps) {
  // The browser cuts a paste to maxLength before we see it, so "123 456" would lose a digit: strip first.
  function handlePaste(event: ClipboardEvent<HTMLInputElement>) {
    event.preventDefault();
    const { selectionStart, selectionEnd } = event.currentTarget;
    const pasted = event.clipboardData.getData('text');
    const next =
      value.slice(0, selectionStart ?? value.length) + pasted + value.slice(selectionEnd ?? value.length);
    onValueChange(digitsOnly(next, maxLength));
  }

  return (
    <input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      spellCheck={false}
      maxLength={maxLength}
      value={value}
      onChange={(event) => onValueChange(digitsOnly(event.target.value, maxLength))}
      onPaste={handlePaste}
      className={cn(inputBaseStyles, 'font-mono', looks[look], className)}
      {...props}
    />
  );
}
