import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';
import { inputBaseStyles } from './input';

export function Textarea({ className, rows = 3, ...props }: ComponentProps<'textarea'>) {
  return <textarea rows={rows} className={cn(inputBaseStyles, 'py-2 text-sm', className)} {...props} />;
}
