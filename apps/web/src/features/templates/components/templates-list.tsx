import { TEMPLATE_MESSAGES, templatesShowing, type EmailTemplate } from '@lantern/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useTemplateCategories } from '../api/get-template-categories';
import { useTemplates } from '../api/get-templates';
import { useSetTemplateActive } from '../api/save-template';
import { useCreateDefaultTemplates } from '../api/template-tools';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateCard, TemplateCardSkeleton, type TemplateCardActions } from './template-card';
import { TemplatesEmptyState, TemplatesLoadFailed } from './templates-empty-state';
import { TemplatesToolbar, type TemplateFilters } from './templates-toolbar';

const gridStyles = 'grid grid-cols-1 gap-6 md:grid-cols-2 xl:grid-cols-3';

type TemplatesListProps = Pick<TemplateCardActions, 'onPreview' | 'onEdit'> & {
  filters: TemplateFilters;
  onFiltersChange: (filters: TemplateFilters) => void;
  onCreate: () => void;
};

/** List mode: the filters, one card per template, 'Showing X of Y templates'. */
export function TemplatesList({ filters, onFiltersChange, onCreate, onPreview, onEdit }: TemplatesListProps) {
  const list = useTemplates({
    search: filters.search || undefined,
    category: filters.category === 'all' ? undefined : filters.category,
    is_active: filters.isActiveOnly ? true : undefined,
  });
  const categories = useTemplateCategories();
  const setActive = useSetTemplateActive();
  const createDefaults = useCreateDefaultTemplates();
  const [actionError, setActionError] = useState<string | null>(null);
  const [dismissedLoadError, setDismissedLoadError] = useState(0);
  const [toDelete, setToDelete] = useState<EmailTemplate | null>(null);

  const showLoadError = list.isError && list.errorUpdatedAt !== dismissedLoadError;
  const templateCount = categories.data?.reduce((sum, entry) => sum + entry.count, 0);
  const busyId = setActive.isPending ? setActive.variables.id : null;

  function toggleActive(template: EmailTemplate) {
    setActionError(null);
    const isActive = !template.is_active;
    setActive.mutate(
      { id: template.id, isActive },
      {
        onSuccess: () => notify.success(`"${template.name}" ${isActive ? 'activated' : 'deactivated'}`),
        onError: (error) => setActionError(errorMessage(error, TEMPLATE_MESSAGES.updateFailed)),
      },
    );
  }

  function startFromDefaults() {
    setActionError(null);
    createDefaults.mutate(undefined, {
      onSuccess: ({ created }) =>
        notify.success(created === 1 ? '1 starter template added' : `${created} starter templates added`),
      onError: (error) => setActionError(errorMessage(error, TEMPLATE_MESSAGES.saveFailed)),
    });
  }

  function renderCards() {
    if (!list.data) {
      if (list.isError)
        return showLoadError ? null : <TemplatesLoadFailed onRetry={() => void list.refetch()} />;
      return (
        <div className={gridStyles} role="status" aria-label="Loading templates">
          {Array.from({ length: 6 }, (_, i) => (
            <TemplateCardSkeleton key={i} />
          ))}
        </div>
      );
    }
    const { templates, total } = list.data;
    if (templates.length === 0) {
      return (
        <TemplatesEmptyState
          isFiltered={filters.search !== '' || filters.category !== 'all'}
          hidesInactive={filters.isActiveOnly && (templateCount ?? 0) > 0}
          hasNoTemplates={templateCount === 0}
          isCreatingDefaults={createDefaults.isPending}
          onCreate={onCreate}
          onCreateDefaults={startFromDefaults}
        />
      );
    }
    return (
      <>
        <ul className={gridStyles} aria-busy={list.isPlaceholderData || undefined}>
          {templates.map((template) => (
            <li key={template.id} className="min-w-0">
              <TemplateCard
                template={template}
                isBusy={busyId === template.id}
                onPreview={onPreview}
                onEdit={onEdit}
                onToggleActive={toggleActive}
                onDelete={setToDelete}
              />
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-slate-600" aria-live="polite">
          {templatesShowing(templates.length, total)}
        </p>
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Email Templates"
        description="Reusable emails for your campaigns, with placeholders filled in for each family"
        actions={
          <Button onClick={onCreate}>
            <Plus className="size-4" aria-hidden="true" />
            Create Template
          </Button>
        }
      />
      {showLoadError && (
        <ErrorBanner
          message={TEMPLATE_MESSAGES.loadFailed}
          onDismiss={() => setDismissedLoadError(list.errorUpdatedAt)}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      )}
      {actionError && <ErrorBanner message={actionError} onDismiss={() => setActionError(null)} />}
      <TemplatesToolbar filters={filters} categoryCounts={categories.data} onChange={onFiltersChange} />
      {renderCards()}
      {toDelete && (
        <DeleteTemplateDialog
          key={toDelete.id}
          template={toDelete}
          onClose={() => setToDelete(null)}
          onDeleted={(template) => {
            setToDelete(null);
            notify.success(`Template "${template.name}" deleted`);
          }}
        />
      )}
    </>
  );
}
