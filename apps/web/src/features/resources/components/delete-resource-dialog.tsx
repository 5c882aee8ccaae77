import type { Resource } from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { countOf } from '@/lib/format';
import { useDeleteResource } from '../api/delete-resource';

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
  return (
    <ConfirmDeleteDialog
      title="Delete Resource"
      question={`Are you sure you want to delete "${resource.title}"? This action cannot be undone.`}
      subject={{
        name: resource.title,
        detail: `${countOf(resource.file_count, 'file', 'files')} · ${countOf(resource.download_count, 'download', 'downloads')}`,
      }}
      consequence="Its files are removed, and download links already sent stop working."
      confirmLabel="Delete Resource"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      error={deletion.isError ? 'Failed to delete resource' : null}
      onConfirm={() => deletion.mutate(resource.id, { onSuccess: () => onDeleted(resource) })}
      onCancel={onClose}
    />
  );
}
