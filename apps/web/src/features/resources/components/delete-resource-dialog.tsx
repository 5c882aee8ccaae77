import type { Resource } from '@lantern/contracts';
import { Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { useDeleteResource } from '../api/delete-resource';
import { countOf } from './format';

type DeleteResourceDialogProps = {
  /** The resource to delete; null when the dialog is closed. */
  resource: Resource | null;
  onClose: () => void;
  onDeleted: (resource: Resource) => void;
};

export function DeleteResourceDialog({ resource, onClose, onDeleted }: DeleteResourceDialogProps) {
  // Mounted per resource, so a failure shown for one is gone when the next is opened.
  return resource ? (
    <DeleteResourceConfirmation
      key={resource.id}
      resource={resource}
      onClose={onClose}
      onDeleted={onDeleted}
    />
  ) : null;
}

function DeleteResourceConfirmation({
  resource,
  onClose,
  onDeleted,
}: { resource: Resource } & Omit<DeleteResourceDialogProps, 'resource'>) {
  const deletion = useDeleteResource();

  function handleDelete() {
    deletion.mutate(resource.id, { onSuccess: () => onDeleted(resource) });
  }

  return (
    <Dialog
      open
      onOpenChange={(open) => {
        if (!open && !deletion.isPending) onClose();
      }}
      title="Delete Resource"
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={deletion.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={handleDelete} isLoading={deletion.isPending}>
            {!deletion.isPending && <Trash2 className="size-4" aria-hidden="true" />}
            {deletion.isPending ? 'Deleting...' : 'Delete Resource'}
          </Button>
        </>
      }
    >
      <div className="space-y-4 text-sm text-slate-700">
        <p className="[overflow-wrap:anywhere]">
          Are you sure you want to delete &quot;{resource.title}&quot;? This action cannot be undone.
        </p>
        <div className="rounded-lg border border-slate-200 bg-slate-50 px-4 py-3">
          <p className="font-medium text-slate-900 [overflow-wrap:anywhere]">{resource.title}</p>
          <p className="text-slate-600">
            {countOf(resource.file_count, 'file', 'files')} ·{' '}
            {countOf(resource.download_count, 'download', 'downloads')}
          </p>
        </div>
        <p className="text-slate-600">Its files are removed, and download links already sent stop working.</p>
        {deletion.isError && <Alert tone="error">Failed to delete resource</Alert>}
      </div>
    </Dialog>
  );
}
