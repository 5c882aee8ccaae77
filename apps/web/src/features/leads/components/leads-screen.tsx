import type { ImportResult, Lead } from '@lantern/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Pagination } from '@/components/ui/pagination';
import { errorMessage } from '@/lib/api-client';
import { importCompletedMessage } from '../api/bulk-import';
import { exportedMessage } from '../api/export-leads';
import { useLeads } from '../api/get-leads';
import { useSegments } from '../api/get-segments';
import { useLeadListParams } from '../hooks/use-lead-list-params';
import { AddLeadDialog, createdMessage } from './add-lead/add-lead-dialog';
import { BulkAssignBar } from './bulk-assign-bar';
import { ConversationHistoryDialog } from './conversation-history/conversation-history-dialog';
import { DeleteLeadDialog } from './delete-lead-dialog';
import { ExportLeadsDialog } from './export-leads/export-leads-dialog';
import { ImportLeadsDialog } from './import-wizard/import-leads-dialog';
import { LeadFiltersBar } from './lead-filters';
import { LeadProfileDialog } from './lead-profile/lead-profile-dialog';
import { LeadTable } from './lead-table';
import { LeadsEmptyState } from './leads-empty-state';
import { LeadsHeader } from './leads-header';
import { SuccessBanner, type SuccessMessage } from './success-banner';

// Spec: banners hide after 3 s, or 5 s after a create or an update, or 8 s after an import.
const BANNER_MS = { default: 3000, saved: 5000, imported: 8000 } as const;
let bannerId = 0;

/** The Leads Management screen: list state in the URL, selection and dialogs in the page. */
export function LeadsScreen() {
  const list = useLeadListParams();
  const leads = useLeads(list.query);
  const segments = useSegments();
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const [banner, setBanner] = useState<SuccessMessage | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const [chatLeadId, setChatLeadId] = useState<string | null>(null);
  const [leadToDelete, setLeadToDelete] = useState<Lead | null>(null);
  const [isImporting, setIsImporting] = useState(false);
  const [isExporting, setIsExporting] = useState(false);
  // The import's banner, shown again when the wizard closes: it may have appeared behind the dialog.
  const importBannerRef = useRef<string | null>(null);

  const pagination = leads.data?.pagination;
  const { setPage } = list;
  // A page beyond the last (a stale bookmark, the last lead of the last page deleted) goes back to page 1.
  useEffect(() => {
    if (pagination && list.page > Math.max(1, pagination.totalPages)) setPage(1, true);
  }, [pagination, list.page, setPage]);

  const showBanner = useCallback(
    (text: string, durationMs: number = BANNER_MS.default) => setBanner({ id: ++bannerId, text, durationMs }),
    [],
  );
  const closeBanner = useCallback(() => setBanner(null), []);

  const select = (ids: string[], isSelected: boolean) =>
    setSelectedIds((prev) => {
      const next = new Set(prev);
      for (const id of ids) {
        if (isSelected) next.add(id);
        else next.delete(id);
      }
      return next;
    });

  const handleCreated = useCallback(
    (lead: Lead) => {
      setIsAdding(false);
      showBanner(createdMessage(lead), BANNER_MS.saved);
    },
    [showBanner],
  );

  const handleImported = useCallback(
    (result: ImportResult) => {
      importBannerRef.current = importCompletedMessage(result);
      showBanner(importBannerRef.current, BANNER_MS.imported);
    },
    [showBanner],
  );

  const handleImportOpenChange = useCallback(
    (open: boolean) => {
      setIsImporting(open);
      if (open || !importBannerRef.current) return;
      showBanner(importBannerRef.current, BANNER_MS.imported);
      importBannerRef.current = null;
    },
    [showBanner],
  );

  const pageLeads = leads.data?.leads ?? null;

  function renderList() {
    if (leads.isError && !leads.data) {
      return (
        <div className="p-4 sm:p-6">
          <Alert tone="error" title="Failed to load leads">
            <p>{errorMessage(leads.error, 'Failed to load leads')}</p>
            <Button
              variant="secondary"
              size="sm"
              className="mt-3"
              onClick={() => void leads.refetch()}
              isLoading={leads.isFetching}
            >
              Try again
            </Button>
          </Alert>
        </div>
      );
    }
    if (pageLeads?.length === 0) {
      return (
        <LeadsEmptyState
          hasFilters={list.hasFilters}
          onClearFilters={list.clearFilters}
          onAddLead={() => setIsAdding(true)}
        />
      );
    }
    return (
      <LeadTable
        leads={pageLeads}
        selectedIds={selectedIds}
        isUpdating={leads.isPlaceholderData}
        onSelect={select}
        onView={(lead) => list.setOpenLeadId(lead.id)}
        onChat={(lead) => setChatLeadId(lead.id)}
        onDelete={setLeadToDelete}
      />
    );
  }

  return (
    <>
      <LeadsHeader
        total={pagination?.total}
        isLoading={leads.isPending}
        selected={selectedIds.size}
        onAddLead={() => setIsAdding(true)}
        onBulkImport={() => setIsImporting(true)}
        onExportAll={() => setIsExporting(true)}
      />
      <SuccessBanner message={banner} onClose={closeBanner} />
      <Card className="overflow-hidden">
        <LeadFiltersBar
          search={list.search}
          filters={list.filters}
          segments={segments.data ?? []}
          hasFilters={list.hasFilters}
          onSearch={list.setSearch}
          onFilter={list.setFilter}
          onClear={list.clearFilters}
        />
        {selectedIds.size > 0 && (
          <BulkAssignBar
            selectedIds={selectedIds}
            segments={segments.data ?? []}
            onClearSelection={() => setSelectedIds(new Set())}
            onAssigned={(count) => {
              setSelectedIds(new Set());
              showBanner(`${count} ${count === 1 ? 'lead' : 'leads'} assigned to segment successfully`);
            }}
          />
        )}
        {renderList()}
        {pagination && !leads.isError && (
          <Pagination
            pagination={pagination}
            onPageChange={(page) => setPage(page)}
            showRange
            className="border-t border-slate-200 px-4 py-3 sm:px-6"
          />
        )}
      </Card>

      <AddLeadDialog open={isAdding} onOpenChange={setIsAdding} onCreated={handleCreated} />
      <ImportLeadsDialog
        open={isImporting}
        onOpenChange={handleImportOpenChange}
        onImported={handleImported}
      />
      <ExportLeadsDialog
        open={isExporting}
        onOpenChange={setIsExporting}
        onExported={(format) => {
          setIsExporting(false);
          showBanner(exportedMessage(format));
        }}
      />
      <DeleteLeadDialog
        lead={leadToDelete}
        onClose={() => setLeadToDelete(null)}
        onDeleted={(lead) => {
          setLeadToDelete(null);
          select([lead.id], false);
          showBanner('Lead deleted successfully');
        }}
      />
      <LeadProfileDialog
        leadId={list.openLeadId}
        open={list.openLeadId !== null}
        onOpenChange={(open) => {
          if (!open) list.setOpenLeadId(null);
        }}
        onSaved={(lead) => showBanner(`Lead "${lead.parent_name}" updated successfully!`, BANNER_MS.saved)}
      />
      <ConversationHistoryDialog
        leadId={chatLeadId}
        open={chatLeadId !== null}
        onOpenChange={(open) => {
          if (!open) setChatLeadId(null);
        }}
      />
    </>
  );
}
