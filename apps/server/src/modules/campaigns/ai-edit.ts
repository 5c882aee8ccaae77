import {
  CAMPAIGN_MESSAGES,
  type EditWithAiResult,
  type GenerationFlag,
  type KnowledgeSearchResponse,
  resetsApprovalOnSave,
} from '@lantern/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { AppError, ConflictError } from '../../http/errors';
import { AiNotConfiguredError, AiProviderError, type AiProvider } from '../../providers/ai/ai-provider';
import { editWithAi } from './ai-writer';
import {
  audienceFields,
  assertEditable,
  currentSegment,
  type EditingDeps,
  type Editor,
} from './campaign-editing';
import {
  avoidTermFlags,
  campaignPlainText,
  keepPlaceholders,
  sanitizeCampaignHtml,
  unsupportedFactFlags,
  visibleText,
} from './campaign-html';
import { getCampaignRow, stateOf, toCampaign } from './campaign-records';

// POST /api/campaigns/{id}/edit-with-ai: the model edits the campaign's HTML as instructed; the
// result is sanitised, its placeholders kept, avoid terms and unsupported facts flagged, and saved
// as a new version with the model's change summary. Without a provider: 503 'AI provider not
// configured' (the editor offers the manual HTML editor); a failed call: 502 with the spec's words.

/** The AI edit cannot be made: no provider (503) or the provider failed (502). */
export class AiEditUnavailableError extends AppError {}

export type AiEditDeps = EditingDeps & {
  ai: AiProvider;
  knowledge: {
    search: (input: {
      query: string;
      limit?: number;
      threshold?: number;
    }) => Promise<KnowledgeSearchResponse>;
  };
  defaultAvoidTerms: () => Promise<string[]>;
  schoolName: () => Promise<string>;
  log: FastifyBaseLogger;
};

export async function editCampaignWithAi(
  deps: AiEditDeps,
  id: string,
  input: { instruction: string; personalization_level: 'light' | 'medium' | 'heavy' },
  editor: Editor,
): Promise<EditWithAiResult> {
  const row = await getCampaignRow(deps.repo, id);
  assertEditable(row);
  if (!deps.ai.hasChat) throw new AiEditUnavailableError(503, CAMPAIGN_MESSAGES.aiNotConfigured);

  const avoidTerms = row.generationMetadata.avoid_terms ?? (await deps.defaultAvoidTerms());
  const passages = await searchPassages(deps, input.instruction);
  let edit;
  try {
    edit = await editWithAi(deps.ai, {
      html: row.contentHtml,
      subject: row.subject,
      instruction: input.instruction,
      level: input.personalization_level,
      avoidTerms,
      passages,
      schoolName: await deps.schoolName(),
    });
  } catch (error) {
    if (error instanceof AiNotConfiguredError)
      throw new AiEditUnavailableError(503, CAMPAIGN_MESSAGES.aiNotConfigured);
    if (!(error instanceof AiProviderError)) throw error;
    deps.log.warn({ err: error }, 'campaign AI edit failed');
    throw new AiEditUnavailableError(502, CAMPAIGN_MESSAGES.aiEditFailed);
  }

  const flags: GenerationFlag[] = [];
  const sanitized = sanitizeCampaignHtml(edit.contentHtml);
  if (sanitized.removed.length)
    flags.push({
      kind: 'html_removed',
      message: `Removed from the AI's HTML for safety: ${sanitized.removed.join(', ')}.`,
    });
  const kept = keepPlaceholders(row.contentHtml, sanitized.html);
  flags.push(...kept.flags);
  const text = visibleText(kept.html);
  flags.push(...avoidTermFlags(text, avoidTerms));
  // The campaign's own words are a source too: a figure it already had is not new.
  flags.push(
    ...unsupportedFactFlags(text, [
      visibleText(row.contentHtml),
      row.subject,
      input.instruction,
      ...passages.map((p) => p.text),
    ]),
  );

  const contentText = campaignPlainText(kept.html);
  const metadata = { ...row.generationMetadata, personalization_level: input.personalization_level, flags };
  const segment = await currentSegment(deps.segments, row);
  const saved = await deps.repo.updateCampaign(
    id,
    {
      contentHtml: kept.html,
      contentText,
      ...(resetsApprovalOnSave(stateOf(row))
        ? {
            approvalStatus: 'draft',
            approvalFeedback: null,
            approvedAt: null,
            approvedByEmail: null,
            approvalTokenHash: null,
          }
        : {}),
      ...(await audienceFields(deps, segment, { subject: row.subject, html: kept.html }, metadata)),
    },
    {
      subject: row.subject,
      contentHtml: kept.html,
      contentText,
      instruction: input.instruction,
      changeSummary: edit.changeSummary,
      personalizationLevel: input.personalization_level,
      source: 'ai',
      createdBy: editor.userId,
    },
    row.approvalStatus,
  );
  if (!saved)
    throw new ConflictError('The campaign changed while the AI was editing it: reload it and try again.');
  return {
    content_html: saved.contentHtml,
    change_summary: edit.changeSummary,
    version_number: saved.currentVersionNumber,
    flags,
    campaign: toCampaign(saved, segment?.name),
  };
}

async function searchPassages(deps: AiEditDeps, instruction: string) {
  try {
    const { results } = await deps.knowledge.search({
      query: instruction.slice(0, 500),
      limit: 3,
      threshold: 0.5,
    });
    return results.map((r) => ({ document: r.document ?? 'Knowledge base', text: r.text }));
  } catch {
    return [];
  }
}
