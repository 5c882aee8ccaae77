import { CloudOff, Layers, Plus, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';

/** No cards to show: nothing matches the search or filter, or there are no segments yet. */
export function SegmentsEmptyState({ isNarrowed, onCreate }: { isNarrowed: boolean; onCreate: () => void }) {
  const Icon = isNarrowed ? SearchX : Layers;
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Icon className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">No segments found</p>
      <p className="mt-1 max-w-md text-sm text-slate-600">
        {isNarrowed ? 'Try adjusting your search criteria' : 'Create your first segment to get started'}
      </p>
      {!isNarrowed && (
        <Button className="mt-5" onClick={onCreate}>
          <Plus className="size-4" aria-hidden="true" />
          Create Your First Segment
        </Button>
      )}
    </Card>
  );
}

/** The list could not be loaded and its banner was dismissed: nothing to show but a way to try again. */
export function SegmentsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card className="flex flex-col items-center px-6 py-16 text-center">
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <CloudOff className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 text-base font-semibold text-slate-900">Segments could not be loaded</p>
      <Button variant="secondary" className="mt-5" onClick={onRetry}>
        <RotateCw className="size-4" aria-hidden="true" />
        Try again
      </Button>
    </Card>
  );
}
