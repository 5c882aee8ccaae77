import { CloudOff, Layers, Plus, RotateCw, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

/** No cards to show: nothing matches the search or filter, or there are no segments yet. */
export function SegmentsEmptyState({ isNarrowed, onCreate }: { isNarrowed: boolean; onCreate: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={isNarrowed ? SearchX : Layers}
        title="No segments found"
        description={
          isNarrowed ? 'Try adjusting your search criteria' : 'Create your first segment to get started'
        }
        action={
          !isNarrowed && (
            <Button onClick={onCreate}>
              <Plus className="size-4" aria-hidden="true" />
              Create Your First Segment
            </Button>
          )
        }
      />
    </Card>
  );
}

/** The list could not be loaded and its banner was dismissed: nothing to show but a way to try again. */
export function SegmentsLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={CloudOff}
        title="Segments could not be loaded"
        action={
          <Button variant="secondary" onClick={onRetry}>
            <RotateCw className="size-4" aria-hidden="true" />
            Try again
          </Button>
        }
      />
    </Card>
  );
}
