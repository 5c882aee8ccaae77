import { CAMPAIGN_MESSAGES, type Campaign } from '@lantern/contracts';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { HtmlCodeEditor } from '@/components/ui/html-code-editor';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useUpdateCampaign } from '../../api/save-campaign';
import { plainTextOf } from '../../lib/plain-text';

/** The HTML edited by hand; saving makes a new version (4.5 refuses it unless draft or rejected). */
export function HtmlEditPanel({ campaign }: { campaign: Campaign }) {
  const [html, setHtml] = useState(campaign.content_html);
  const update = useUpdateCampaign();
  const isEmpty = !html.trim();
  return (
    <div className="space-y-3">
      <HtmlCodeEditor
        value={html}
        onChange={setHtml}
        label="Campaign HTML"
        minHeight="360px"
        isInvalid={isEmpty}
      />
      {isEmpty && <p className="text-xs font-medium text-red-700">{CAMPAIGN_MESSAGES.contentRequired}</p>}
      {update.isError && (
        <Alert tone="error">{errorMessage(update.error, CAMPAIGN_MESSAGES.saveChangesFailed)}</Alert>
      )}
      <div className="flex items-center justify-end gap-3">
        <p className="mr-auto text-xs text-slate-600">
          Saving makes a new version; the plain text is derived again.
        </p>
        <Button
          variant="secondary"
          disabled={html === campaign.content_html || update.isPending}
          onClick={() => setHtml(campaign.content_html)}
        >
          Discard
        </Button>
        <Button
          disabled={html === campaign.content_html || isEmpty}
          isLoading={update.isPending}
          onClick={() =>
            update.mutate(
              { id: campaign.id, body: { content_html: html, content_text: plainTextOf(html) } },
              { onSuccess: () => notify.success('Changes saved as a new version') },
            )
          }
        >
          Save changes
        </Button>
      </div>
    </div>
  );
}
