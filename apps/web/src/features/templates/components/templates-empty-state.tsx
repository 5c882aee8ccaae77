import { TEMPLATE_MESSAGES } from '@lantern/contracts';
import { CloudOff, Mail, Plus, RotateCw, SearchX, Sparkles } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';

type TemplatesEmptyStateProps = {
  /** A search or category is set. */
  isFiltered: boolean;
  /** Only active templates are listed and some inactive ones exist. */
  hidesInactive: boolean;
  /** The school has no templates at all: offer the starter set. */
  hasNoTemplates: boolean;
  isCreatingDefaults: boolean;
  onCreate: () => void;
  onCreateDefaults: () => void;
};

function hint({ isFiltered, hidesInactive }: Pick<TemplatesEmptyStateProps, 'isFiltered' | 'hidesInactive'>) {
  if (isFiltered) return TEMPLATE_MESSAGES.noTemplatesFiltered;
  if (hidesInactive) return "Inactive templates are hidden: clear 'Show active only' to see them.";
  return `${TEMPLATE_MESSAGES.noTemplatesYet} Or start from five ready-made templates written for your families.`;
}

/** Spec 2.9: 'No templates found', a hint that depends on the filters, and 'Create Your First Template'. */
export function TemplatesEmptyState(props: TemplatesEmptyStateProps) {
  const { isFiltered, hidesInactive, hasNoTemplates, isCreatingDefaults, onCreate, onCreateDefaults } = props;
  return (
    <Card>
      <EmptyState
        icon={isFiltered ? SearchX : Mail}
        title={TEMPLATE_MESSAGES.noTemplates}
        description={hint({ isFiltered, hidesInactive })}
        action={
          <div className="flex flex-wrap justify-center gap-3">
            <Button onClick={onCreate}>
              <Plus className="size-4" aria-hidden="true" />
              {TEMPLATE_MESSAGES.createFirst}
            </Button>
            {hasNoTemplates && (
              <Button variant="secondary" onClick={onCreateDefaults} isLoading={isCreatingDefaults}>
                {!isCreatingDefaults && <Sparkles className="size-4" aria-hidden="true" />}
                {TEMPLATE_MESSAGES.startFromDefaults}
              </Button>
            )}
          </div>
        }
      />
    </Card>
  );
}

/** The list could not be loaded and its banner was dismissed: a way to try again. */
export function TemplatesLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Card>
      <EmptyState
        icon={CloudOff}
        title="Templates could not be loaded"
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
