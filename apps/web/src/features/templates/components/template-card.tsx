import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { Eye, MoreVertical, Pause, Pencil, Play, Trash2, type LucideIcon } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { TagList } from '@/components/ui/tag-list';
import { cn } from '@/lib/cn';
import {
  TEMPLATE_MESSAGES,
  TEMPLATE_TAG_DISPLAY_LIMIT,
  templateUsedTimes,
  type EmailTemplate,
} from '@lantern/contracts';
import { TemplateCategoryBadge } from './template-category-badge';
import { lastUsedText } from './template-format';

export type TemplateCardActions = {
  onPreview: (template: EmailTemplate) => void;
  onEdit: (template: EmailTemplate) => void;
  onToggleActive: (template: EmailTemplate) => void;
  onDelete: (template: EmailTemplate) => void;
};

const itemStyles =
  'flex cursor-pointer items-center gap-2 rounded-md px-2.5 py-2 text-sm text-slate-700 outline-none ' +
  'data-[highlighted]:bg-slate-100 data-[highlighted]:text-slate-900 data-[disabled]:cursor-not-allowed data-[disabled]:opacity-50';

function MenuItem({
  icon: Icon,
  children,
  danger,
  disabled,
  onSelect,
}: {
  icon: LucideIcon;
  children: ReactNode;
  danger?: boolean;
  disabled?: boolean;
  onSelect: () => void;
}) {
  return (
    <DropdownMenu.Item
      className={cn(
        itemStyles,
        danger && 'text-red-700 data-[highlighted]:bg-red-50 data-[highlighted]:text-red-800',
      )}
      disabled={disabled}
      onSelect={onSelect}
    >
      <Icon className="size-4" aria-hidden="true" />
      {children}
    </DropdownMenu.Item>
  );
}

function TemplateMenu({
  template,
  isBusy,
  onPreview,
  onEdit,
  onToggleActive,
  onDelete,
}: TemplateCardActions & { template: EmailTemplate; isBusy: boolean }) {
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Actions for ${template.name}`}
        className="-mt-1 -mr-2 inline-flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 data-[state=open]:bg-slate-100"
      >
        <MoreVertical className="size-4" aria-hidden="true" />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="end"
          sideOffset={4}
          className="z-50 w-48 rounded-xl border border-slate-200 bg-white p-1.5 shadow-lg"
        >
          <MenuItem icon={Eye} onSelect={() => onPreview(template)}>
            Preview
          </MenuItem>
          <MenuItem icon={Pencil} onSelect={() => onEdit(template)}>
            Edit
          </MenuItem>
          <MenuItem
            icon={template.is_active ? Pause : Play}
            disabled={isBusy}
            onSelect={() => onToggleActive(template)}
          >
            {template.is_active ? 'Deactivate' : 'Activate'}
          </MenuItem>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <MenuItem icon={Trash2} danger onSelect={() => onDelete(template)}>
            Delete
          </MenuItem>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

type TemplateCardProps = TemplateCardActions & {
  template: EmailTemplate;
  /** Its activation is being changed: the menu item waits. */
  isBusy: boolean;
};

/** One template: name, state, category, description, segment tags and use, with its menu. */
export function TemplateCard({ template, isBusy, ...actions }: TemplateCardProps) {
  const titleId = useId();
  return (
    <Card aria-labelledby={titleId} className="flex h-full flex-col" data-testid="template-card">
      <div className="flex flex-1 flex-col px-5 pt-5 pb-4">
        <div className="flex items-start gap-3">
          <h2
            id={titleId}
            className="min-w-0 flex-1 text-base font-semibold text-slate-900 [overflow-wrap:anywhere]"
          >
            {template.name}
          </h2>
          <TemplateMenu template={template} isBusy={isBusy} {...actions} />
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <TemplateCategoryBadge category={template.category} />
          {!template.is_active && <Badge tone="warning">{TEMPLATE_MESSAGES.inactive}</Badge>}
        </div>
        <p
          className={cn(
            'mt-3 line-clamp-3 text-sm [overflow-wrap:anywhere]',
            template.description ? 'text-slate-700' : 'text-slate-500 italic',
          )}
        >
          {template.description || TEMPLATE_MESSAGES.noDescription}
        </p>
        {template.segment_tags.length > 0 && (
          <div className="mt-3">
            <TagList
              tags={template.segment_tags}
              max={TEMPLATE_TAG_DISPLAY_LIMIT}
              tone="indigo"
              emptyText=""
            />
          </div>
        )}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-100 pt-3 text-xs text-slate-600">
          <span>{templateUsedTimes(template.usage_count)}</span>
          <span>
            Last used:{' '}
            {template.last_used_at ? (
              <time dateTime={template.last_used_at}>{lastUsedText(template.last_used_at)}</time>
            ) : (
              TEMPLATE_MESSAGES.never
            )}
          </span>
        </div>
      </div>
    </Card>
  );
}

export function TemplateCardSkeleton() {
  return (
    <Card aria-hidden="true" className="px-5 py-5">
      <Skeleton className="h-5 w-44" />
      <div className="mt-3 flex gap-2">
        <Skeleton className="h-5 w-24 rounded-full" />
      </div>
      <Skeleton className="mt-4 h-4 w-full" />
      <Skeleton className="mt-2 h-4 w-2/3" />
      <div className="mt-4 flex gap-1">
        <Skeleton className="h-5 w-16" />
        <Skeleton className="h-5 w-20" />
      </div>
      <Skeleton className="mt-5 h-4 w-full" />
    </Card>
  );
}
