import type { ResourceCategory } from '@lantern/contracts';
import { cn } from '@/lib/cn';
import { categoryLabel } from './format';

// One tint per category, so rows of the same kind are seen together (AA contrast text on tint).
const categoryStyles: Record<ResourceCategory, string> = {
  autism: 'bg-sky-50 text-sky-800 ring-sky-600/20',
  adhd: 'bg-violet-50 text-violet-800 ring-violet-600/20',
  'learning-differences': 'bg-emerald-50 text-emerald-800 ring-emerald-600/20',
  'speech-language': 'bg-rose-50 text-rose-800 ring-rose-600/20',
  'behavioral-support': 'bg-amber-50 text-amber-900 ring-amber-600/20',
  general: 'bg-slate-100 text-slate-700 ring-slate-500/20',
};

export function CategoryBadge({ category }: { category: string }) {
  const styles = categoryStyles[category as ResourceCategory] ?? categoryStyles.general;
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap ring-1 ring-inset',
        styles,
      )}
    >
      {categoryLabel(category)}
    </span>
  );
}
