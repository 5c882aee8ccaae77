import { segmentDisplayName, type Segment } from '@lantern/contracts';
import {
  BarChart3,
  Copy,
  Download,
  Eye,
  Pause,
  Pencil,
  Play,
  RefreshCw,
  Trash2,
  type LucideIcon,
} from 'lucide-react';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/lib/cn';

export type SegmentActions = {
  onViewLeads: (segment: Segment) => void;
  onEdit: (segment: Segment) => void;
  onAnalytics: (segment: Segment) => void;
  onToggleActive: (segment: Segment) => void;
  onExport: (segment: Segment) => void;
  onSync: (segment: Segment) => void;
  onClone: (segment: Segment) => void;
  onDelete: (segment: Segment) => void;
};

/** Actions that call the server straight from the card (the others open a dialog). */
export type SegmentBusyAction = 'toggle' | 'export' | 'sync';

function ActionButton({
  icon: Icon,
  label,
  tooltip,
  danger,
  disabled,
  isBusy,
  onClick,
}: {
  icon: LucideIcon;
  label: string;
  tooltip: string;
  danger?: boolean;
  disabled?: boolean;
  isBusy?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || isBusy}
      aria-label={label}
      aria-busy={isBusy || undefined}
      title={tooltip}
      className={cn(
        'inline-flex size-9 items-center justify-center rounded-lg text-slate-600 transition-colors',
        'disabled:cursor-not-allowed disabled:text-slate-300 disabled:hover:bg-transparent',
        danger ? 'hover:bg-red-50 hover:text-red-700' : 'hover:bg-indigo-50 hover:text-indigo-700',
      )}
    >
      {isBusy ? <Spinner size="sm" /> : <Icon className="size-4" aria-hidden="true" />}
    </button>
  );
}

/** The card's icon buttons; export and sync need at least one lead. */
export function SegmentCardActions({
  segment,
  busyAction,
  onViewLeads,
  onEdit,
  onAnalytics,
  onToggleActive,
  onExport,
  onSync,
  onClone,
  onDelete,
}: SegmentActions & { segment: Segment; busyAction: SegmentBusyAction | null }) {
  const name = segmentDisplayName(segment.name);
  const hasLeads = (segment.active_leads ?? 0) > 0;
  const noLeads = 'No leads in this segment yet';
  return (
    <div
      role="group"
      aria-label={`Actions for ${name}`}
      className="flex flex-wrap items-center gap-0.5 border-t border-slate-100 px-3 py-2"
    >
      <ActionButton
        icon={Eye}
        label={`View leads in ${name}`}
        tooltip="View leads"
        onClick={() => onViewLeads(segment)}
      />
      <ActionButton
        icon={Pencil}
        label={`Edit ${name}`}
        tooltip="Edit segment"
        onClick={() => onEdit(segment)}
      />
      <ActionButton
        icon={BarChart3}
        label={`Analytics for ${name}`}
        tooltip="Segment analytics"
        onClick={() => onAnalytics(segment)}
      />
      <ActionButton
        icon={segment.is_active ? Pause : Play}
        label={segment.is_active ? `Pause ${name}` : `Activate ${name}`}
        tooltip={segment.is_active ? 'Pause segment' : 'Activate segment'}
        isBusy={busyAction === 'toggle'}
        onClick={() => onToggleActive(segment)}
      />
      <ActionButton
        icon={Download}
        label={`Export ${name} as CSV`}
        tooltip={hasLeads ? 'Export CSV' : noLeads}
        disabled={!hasLeads}
        isBusy={busyAction === 'export'}
        onClick={() => onExport(segment)}
      />
      <ActionButton
        icon={RefreshCw}
        label={`Sync ${name} to MailerLite`}
        tooltip={hasLeads ? 'Sync to MailerLite' : noLeads}
        disabled={!hasLeads}
        isBusy={busyAction === 'sync'}
        onClick={() => onSync(segment)}
      />
      <ActionButton
        icon={Copy}
        label={`Clone ${name}`}
        tooltip="Clone segment"
        onClick={() => onClone(segment)}
      />
      <span className="ml-auto" />
      <ActionButton
        icon={Trash2}
        label={`Delete ${name}`}
        tooltip="Delete segment"
        danger
        onClick={() => onDelete(segment)}
      />
    </div>
  );
}
