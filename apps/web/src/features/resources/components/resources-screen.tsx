import type { Resource } from '@lantern/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ErrorBanner } from '@/components/ui/error-banner';
import { PageHeader } from '@/components/ui/page-header';
import { errorMessage } from '@/lib/api-client';
import { cn } from '@/lib/cn';
import { notify } from '@/lib/notify';
import {
  hasResourceFilter,
  NO_RESOURCE_FILTER,
  useResources,
  type ResourceFilter,
} from '../api/get-resources';
import { useOfferedSegments } from '../api/get-segments';
import { resourceKeys } from '../api/query-keys';
import { AddResourceDialog } from './add-resource/add-resource-dialog';
import { DeleteResourceDialog } from './delete-resource-dialog';
import { ResourceFiltersBar } from './resource-filters';
import { ResourceRow, ResourceRowSkeleton } from './resource-row';
import { ResourceStatistics, ResourceStatisticsSkeleton } from './resource-statistics';
import { ResourcesEmptyState, ResourcesLoadFailed } from './resources-empty-state';
import { TopResourcesCard } from './top-resources-card';

/** The Resource Management screen: statistics, filters, one row per resource and its dialogs. */
export function ResourcesScreen() {
  const queryClient = useQueryClient();
  const [filter, setFilter] = useState<ResourceFilter>(NO_RESOURCE_FILTER);
  const list = useResources(filter);
  const segments = useOfferedSegments();
  const [dismissedLoadError, setDismissedLoadError] = useState(0);
  const [isAdding, setIsAdding] = useState(false);
  const [toDelete, setToDelete] = useState<Resource | null>(null);

  const resources = list.data ?? null;
  const isFiltered = hasResourceFilter(filter);
  const showLoadError = list.isError && list.errorUpdatedAt !== dismissedLoadError;
  const isRefreshing = list.isFetching && !list.isPending;
  const refresh = () => void queryClient.invalidateQueries({ queryKey: resourceKeys.all });

  function renderList() {
    if (!resources) {
      if (list.isError) {
        return showLoadError ? null : (
          <ResourcesLoadFailed onRetry={() => void list.refetch()} isRetrying={list.isFetching} />
        );
      }
      return (
        <div role="status" aria-label="Loading resources" className="divide-y divide-slate-100">
          {Array.from({ length: 4 }, (_, i) => (
            <ResourceRowSkeleton key={i} />
          ))}
        </div>
      );
    }
    if (resources.length === 0) {
      return (
        <ResourcesEmptyState
          isFiltered={isFiltered}
          onClearFilters={() => setFilter(NO_RESOURCE_FILTER)}
          onAdd={() => setIsAdding(true)}
        />
      );
    }
    return (
      <ul
        aria-label="Resources"
        aria-busy={list.isPlaceholderData || undefined}
        className={cn('divide-y divide-slate-100 transition-opacity', list.isPlaceholderData && 'opacity-60')}
      >
        {resources.map((resource) => (
          <li key={resource.id}>
            <ResourceRow resource={resource} onDelete={setToDelete} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title="Resource Management"
        description="Lead magnets parents download, by category and segment"
        actions={
          <Button onClick={() => setIsAdding(true)}>
            <Plus className="size-4" aria-hidden="true" />
            Add Resource
          </Button>
        }
      />
      {showLoadError && (
        <ErrorBanner
          message={errorMessage(list.error, 'Failed to load resources')}
          onDismiss={() => setDismissedLoadError(list.errorUpdatedAt)}
          onRetry={() => void list.refetch()}
          isRetrying={list.isFetching}
        />
      )}
      {resources ? <ResourceStatistics resources={resources} /> : <ResourceStatisticsSkeleton />}
      <ResourceFiltersBar
        filter={filter}
        segments={segments.data ?? []}
        isRefreshing={isRefreshing}
        onFilter={setFilter}
        onRefresh={refresh}
      />
      <Card className="overflow-hidden">
        <h2 className="sr-only">Resources</h2>
        {renderList()}
      </Card>
      {resources && resources.length > 0 && <TopResourcesCard resources={resources} />}

      <AddResourceDialog
        open={isAdding}
        onOpenChange={setIsAdding}
        onCreated={(resource) => {
          setIsAdding(false);
          notify.success(`Resource "${resource.title}" created successfully`);
        }}
      />
      <DeleteResourceDialog
        resource={toDelete}
        onClose={() => setToDelete(null)}
        onDeleted={(resource) => {
          setToDelete(null);
          notify.success(`Resource "${resource.title}" deleted`);
        }}
      />
    </>
  );
}
