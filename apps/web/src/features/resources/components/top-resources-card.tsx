import { TOP_RESOURCES, type Resource } from '@lantern/contracts';
import { Trophy } from 'lucide-react';
import { useId } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { countOf } from '@/lib/format';
import { CategoryBadge } from './category-badge';

/** The most downloaded resources, most first; resources never downloaded are not 'performing'. */
export function topResources(resources: Resource[]): Resource[] {
  return resources
    .filter((r) => r.download_count > 0)
    .sort((a, b) => b.download_count - a.download_count || a.title.localeCompare(b.title))
    .slice(0, TOP_RESOURCES);
}

export function TopResourcesCard({ resources }: { resources: Resource[] }) {
  const titleId = useId();
  const top = topResources(resources);
  return (
    <Card aria-labelledby={titleId} className="mt-6">
      <CardHeader
        icon={<Trophy className="size-5" aria-hidden="true" />}
        title={<span id={titleId}>Top performing resources</span>}
        description={`The ${TOP_RESOURCES} resources downloaded most`}
      />
      {top.length === 0 ? (
        <p className="px-6 py-8 text-center text-sm text-slate-600">No downloads yet</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {top.map((resource, index) => (
            <li key={resource.id} className="flex items-center gap-4 px-6 py-3.5">
              <span
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-indigo-50 text-xs font-semibold text-indigo-700"
                aria-hidden="true"
              >
                {index + 1}
              </span>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-slate-900" title={resource.title}>
                  {resource.title}
                </p>
                <div className="mt-1">
                  <CategoryBadge category={resource.category} />
                </div>
              </div>
              <span className="shrink-0 text-sm font-medium text-slate-700 tabular-nums">
                {countOf(resource.download_count, 'download', 'downloads')}
              </span>
            </li>
          ))}
        </ol>
      )}
    </Card>
  );
}
