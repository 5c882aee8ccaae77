import type { EmailTemplate } from '@lantern/contracts';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { TemplateEditor } from './editor/template-editor';
import { TemplatePreviewMode } from './preview/template-preview-mode';
import { initialFilters, type TemplateFilters } from './templates-toolbar';
import { TemplatesList } from './templates-list';

type Mode =
  | { name: 'list' }
  | { name: 'editor'; template: EmailTemplate | null }
  | { name: 'preview'; template: EmailTemplate };

/** Spec 2.9: one screen in three modes (list, editor, preview); the list keeps its filters meanwhile. */
export function TemplatesScreen() {
  const [mode, setMode] = useState<Mode>({ name: 'list' });
  const [filters, setFilters] = useState<TemplateFilters>(initialFilters);
  const toList = () => setMode({ name: 'list' });

  if (mode.name === 'editor') {
    return (
      <TemplateEditor
        key={mode.template?.id ?? 'new'}
        template={mode.template}
        onCancel={toList}
        onSaved={(template, action) => {
          toList();
          notify.success(`Template "${template.name}" ${action}`);
        }}
      />
    );
  }
  if (mode.name === 'preview') {
    return (
      <TemplatePreviewMode
        template={mode.template}
        onBack={toList}
        onEdit={() => setMode({ name: 'editor', template: mode.template })}
      />
    );
  }
  return (
    <TemplatesList
      filters={filters}
      onFiltersChange={setFilters}
      onCreate={() => setMode({ name: 'editor', template: null })}
      onPreview={(template) => setMode({ name: 'preview', template })}
      onEdit={(template) => setMode({ name: 'editor', template })}
    />
  );
}
