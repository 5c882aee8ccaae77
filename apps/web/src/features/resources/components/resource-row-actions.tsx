import type { Resource } from '@lantern/contracts';
import { Link2, Pause, Pencil, Play, Trash2, type LucideIcon } from 'lucide-react';
import type { Ref } from 'react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';
import type { ResourceBusyAction } from '../hooks/use-resource-actions';

function ActionButton({
  icon: Icon,
  label,
  tooltip,
  danger,
  disabled,
  isBusy,
  isPressed,
  ref,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tooltip: string;
  danger?: boolean;
  disabled?: boolean;
  isBusy?: boolean;
  isPressed?: boolean;
  ref?: Ref<HTMLButtonElement>;
  onClick: () => void;
}) {
  return (
    <button
      ref={ref}
      type="button"
      onClick={onClick}
      disabled={disabled || isBusy}
      aria-label={label}
      aria-busy={isBusy || undefined}
      aria-pressed={isPressed}
      title={tooltip}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors',
        'disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
        'aria-pressed:bg-indigo-50 aria-pressed:text-indigo-700',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-indigo-50 hover:text-indigo-700',
      )}
    >
      {isBusy ? <Spinner size="sm" /> : <Icon className="size-4" aria-hidden="true" />}
    </button>
  );
}

type ResourceRowActionsProps = {
  resource: Resource;
  busyAction: ResourceBusyAction | null;
  isEditing: boolean;
  editButtonRef: Ref<HTMLButtonElement>;
  onToggleActive: () => void;
  onEdit: () => void;
  onTestLink: () => void;
  onDelete: () => void;
};

/** Pause/play, edit (a toggle: pressed while the row is in edit mode), test link and delete. */
export function ResourceRowActions({
  resource,
  busyAction,
  isEditing,
  editButtonRef,
  onToggleActive,
  onEdit,
  onTestLink,
  onDelete,
}: ResourceRowActionsProps) {
  const { title, is_active: isActive } = resource;
  return (
    <div role="group" aria-label={`Actions for ${title}`} className="flex shrink-0 items-center gap-0.5">
      <ActionButton
        icon={isActive ? Pause : Play}
        label={isActive ? `Pause ${title}` : `Activate ${title}`}
        tooltip={isActive ? 'Pause resource' : 'Activate resource'}
        isBusy={busyAction === 'toggle'}
        onClick={onToggleActive}
      />
      <ActionButton
        ref={editButtonRef}
        icon={Pencil}
        label={`Edit ${title}`}
        tooltip={isEditing ? 'Stop editing' : 'Edit resource'}
        isPressed={isEditing}
        onClick={onEdit}
      />
      <ActionButton
        icon={Link2}
        label={`Copy test download link for ${title}`}
        // The server hands out links to active resources only.
        tooltip={isActive ? 'Copy a test download link' : 'Activate the resource to test its link'}
        disabled={!isActive}
        isBusy={busyAction === 'test-link'}
        onClick={onTestLink}
      />
      <ActionButton
        icon={Trash2}
        label={`Delete ${title}`}
        tooltip="Delete resource"
        danger
        onClick={onDelete}
      />
    </div>
  );
}
