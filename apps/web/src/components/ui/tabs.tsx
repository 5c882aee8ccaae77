import * as TabsPrimitive from '@radix-ui/react-tabs';
import type { ComponentProps } from 'react';
import { cn } from '@/lib/cn';

export const Tabs = TabsPrimitive.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof TabsPrimitive.List>) {
  return (
    <TabsPrimitive.List
      className={cn('flex flex-wrap gap-x-1 border-b border-slate-200', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof TabsPrimitive.Trigger>) {
  return (
    <TabsPrimitive.Trigger
      className={cn(
        '-mb-px inline-flex items-center gap-2 border-b-2 border-transparent px-3 py-2.5 text-sm font-medium whitespace-nowrap',
        // Icons only where there is room, so all tabs fit on one line on a tablet.
        '[&_svg]:hidden lg:[&_svg]:inline',
        'text-slate-600 transition-colors hover:border-slate-300 hover:text-slate-900 focus-visible:outline-offset-[-2px]',
        'data-[state=active]:border-indigo-600 data-[state=active]:text-indigo-700',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof TabsPrimitive.Content>) {
  return <TabsPrimitive.Content className={cn('rounded-lg pt-6', className)} {...props} />;
}
