import {
  TEMPLATE_MESSAGES,
  templateDeleteConfirm,
  templateUsedTimes,
  type EmailTemplate,
} from '@lantern/contracts';
import { ConfirmDeleteDialog } from '@/components/ui/confirm-delete-dialog';
import { errorMessage } from '@/lib/api-client';
import { useDeleteTemplate } from '../api/save-template';

type DeleteTemplateDialogProps = {
  template: EmailTemplate;
  onClose: () => void;
  onDeleted: (template: EmailTemplate) => void;
};

/** Spec 2.9: asks 'Are you sure you want to delete "{name}"? This action cannot be undone.' */
export function DeleteTemplateDialog({ template, onClose, onDeleted }: DeleteTemplateDialogProps) {
  const deletion = useDeleteTemplate();
  return (
    <ConfirmDeleteDialog
      title="Delete Template"
      question={templateDeleteConfirm(template.name)}
      subject={{ name: template.name, detail: templateUsedTimes(template.usage_count) }}
      confirmLabel="Delete"
      pendingLabel="Deleting..."
      isPending={deletion.isPending}
      error={deletion.isError ? errorMessage(deletion.error, TEMPLATE_MESSAGES.deleteFailed) : null}
      onConfirm={() => deletion.mutate(template.id, { onSuccess: () => onDeleted(template) })}
      onCancel={onClose}
    />
  );
}
