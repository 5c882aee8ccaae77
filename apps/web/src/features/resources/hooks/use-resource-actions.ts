import type { Resource } from '@lantern/contracts';
import { useState } from 'react';
import { notify } from '@/lib/notify';
import { TEST_LINK_EMAIL, TEST_LINK_VISITOR, useGenerateDownloadToken } from '../api/generate-download-token';
import { useUpdateResource } from '../api/update-resource';
import { testLinkCopiedMessage, validityPeriod } from '../components/format';

/** The row actions that call the server at once (the others open a form or a dialog). */
export type ResourceBusyAction = 'toggle' | 'test-link';

/** A test link the browser would not copy (clipboard refused): shown in the row to copy by hand. */
export type UncopiedLink = { url: string; validity: string | null };

/** Pause/play and the test link of one row; a row runs one of them at a time. */
export function useResourceActions(resource: Resource) {
  const [busy, setBusy] = useState<ResourceBusyAction | null>(null);
  const [uncopiedLink, setUncopiedLink] = useState<UncopiedLink | null>(null);
  const update = useUpdateResource();
  const generate = useGenerateDownloadToken();

  async function run(action: ResourceBusyAction, work: () => Promise<void>) {
    if (busy) return;
    setBusy(action);
    try {
      await work();
    } finally {
      setBusy(null);
    }
  }

  const toggleActive = () =>
    run('toggle', async () => {
      const isActive = !resource.is_active;
      try {
        // Spec: pause/play sends only is_active.
        await update.mutateAsync({ id: resource.id, body: { is_active: isActive } });
        notify.success(`Resource "${resource.title}" ${isActive ? 'activated' : 'paused'}`);
      } catch {
        notify.error('Failed to update resource status');
      }
    });

  const copyTestLink = () =>
    run('test-link', async () => {
      setUncopiedLink(null);
      let url: string;
      let expiresAt: string;
      try {
        const token = await generate.mutateAsync({
          resourceId: resource.id,
          email: TEST_LINK_EMAIL,
          visitorUuid: TEST_LINK_VISITOR,
        });
        url = window.location.origin + token.download_url;
        expiresAt = token.expires_at;
      } catch {
        notify.error('Failed to generate test download link');
        return;
      }
      try {
        await navigator.clipboard.writeText(url);
        notify.success(testLinkCopiedMessage(expiresAt));
      } catch {
        // No clipboard (permission refused, insecure origin): the link is good, so show it instead.
        setUncopiedLink({ url, validity: validityPeriod(expiresAt) });
      }
    });

  return {
    busy,
    uncopiedLink,
    dismissUncopiedLink: () => setUncopiedLink(null),
    toggleActive: () => void toggleActive(),
    copyTestLink: () => void copyTestLink(),
  };
}
