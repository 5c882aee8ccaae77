import {
  TEMPLATE_CATEGORIES,
  TEMPLATE_MESSAGES,
  type TemplateCategory,
  type TemplateCategoryCount,
} from '@lantern/contracts';
import { useId } from 'react';
import { CheckboxField } from '@/components/ui/checkbox';
import { SearchBox } from '@/components/ui/search-box';
import { Select } from '@/components/ui/select';
import { categoryLabel } from './template-format';

export type TemplateFilters = {
  search: string;
  category: TemplateCategory | 'all';
  isActiveOnly: boolean;
};

export const initialFilters: TemplateFilters = { search: '', category: 'all', isActiveOnly: true };

type TemplatesToolbarProps = {
  filters: TemplateFilters;
  /** Each category's number of templates, when known. */
  categoryCounts: TemplateCategoryCount[] | undefined;
  onChange: (filters: TemplateFilters) => void;
};

/** Search, category ('All Categories' or one with its count) and 'Show active only' (on at first). */
export function TemplatesToolbar({ filters, categoryCounts, onChange }: TemplatesToolbarProps) {
  const categoryId = useId();
  const countOf = (category: TemplateCategory) =>
    categoryCounts?.find((entry) => entry.category === category)?.count;
  return (
    <div className="mb-6 flex flex-wrap items-center gap-3">
      <SearchBox
        label="Search templates"
        placeholder="Search templates..."
        value={filters.search}
        onSearch={(search) => onChange({ ...filters, search })}
        className="min-w-60 flex-1"
      />
      <label htmlFor={categoryId} className="sr-only">
        Category
      </label>
      <Select
        id={categoryId}
        value={filters.category}
        onChange={(event) =>
          onChange({ ...filters, category: event.target.value as TemplateFilters['category'] })
        }
        className="w-56"
      >
        <option value="all">{TEMPLATE_MESSAGES.allCategories}</option>
        {TEMPLATE_CATEGORIES.map((category) => {
          const count = countOf(category);
          return (
            <option key={category} value={category}>
              {categoryLabel(category)}
              {count === undefined ? '' : ` (${count})`}
            </option>
          );
        })}
      </Select>
      <CheckboxField
        label={TEMPLATE_MESSAGES.showActiveOnly}
        checked={filters.isActiveOnly}
        onChange={(event) => onChange({ ...filters, isActiveOnly: event.target.checked })}
      />
    </div>
  );
}
