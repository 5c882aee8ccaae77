import { TEMPLATE_CATEGORY_COLORS, type TemplateCategory } from '@lantern/contracts';
import { cn } from '@/lib/cn';
import { categoryLabel } from './template-format';

// Spec 9's colours (from the contracts), as tints with AA contrast text.
const colorStyles = {
  blue: 'bg-blue-50 text-blue-800 ring-blue-600/20',
  green: 'bg-green-50 text-green-800 ring-green-600/20',
  purple: 'bg-purple-50 text-purple-800 ring-purple-600/20',
  orange: 'bg-orange-50 text-orange-800 ring-orange-600/20',
  grey: 'bg-slate-100 text-slate-700 ring-slate-500/20',
} as const;

export function TemplateCategoryBadge({ category }: { category: string }) {
  const styles = colorStyles[TEMPLATE_CATEGORY_COLORS[category as TemplateCategory] ?? 'grey'];
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
