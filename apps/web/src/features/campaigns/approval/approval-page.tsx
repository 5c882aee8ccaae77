import { APPROVAL_MESSAGES, type ApprovalPreview } from '@lantern/contracts';
import { CircleCheck, CircleX, ChevronDown, SearchX } from 'lucide-react';
import { useId, useRef, useState, type ReactNode } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Label, TextField } from '@/components/ui/input';
import { SandboxedHtmlFrame } from '@/components/ui/sandboxed-html-frame';
import { Textarea } from '@/components/ui/textarea';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatCount, formatDate, formatDateTime } from '@/lib/format';
import { useApprovalDecision, useApprovalPreview } from '../api/approval';

const card = 'rounded-xl border border-slate-200 bg-white shadow-sm';

/** Wraps every state in the public frame with its heading (and the page title). */
export type ApprovalFrame = (heading: string, children: ReactNode) => ReactNode;

/** 'Preview Not Found': unknown, expired and revoked links look the same (nothing revealed). */
export function PreviewNotFound() {
  return (
    <section className={`${card} flex flex-col items-center px-6 py-12 text-center sm:px-10`}>
      <div className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <SearchX className="size-6" aria-hidden="true" />
      </div>
      <p className="mt-4 max-w-md text-base text-slate-800">{APPROVAL_MESSAGES.notFoundNote}</p>
      <p className="mt-2 max-w-md text-sm text-slate-600">
        Please ask the person who sent it to you for a new link.
      </p>
    </section>
  );
}

/** The result screen after a decision, or when the link's decision was made before. */
function DecisionResult({
  approved,
  message,
  decidedAt,
  earlier,
}: {
  approved: boolean;
  message: string;
  decidedAt?: string;
  earlier?: boolean;
}) {
  const Icon = approved ? CircleCheck : CircleX;
  return (
    <section
      className={`${card} flex flex-col items-center px-6 py-12 text-center sm:px-10`}
      role="status"
      data-testid="approval-result"
    >
      <div
        className={`flex size-12 items-center justify-center rounded-full ${approved ? 'bg-emerald-50 text-emerald-700' : 'bg-red-50 text-red-700'}`}
      >
        <Icon className="size-6" aria-hidden="true" />
      </div>
      {earlier && (
        <p className="mt-4 max-w-md text-base font-medium text-slate-900">
          {APPROVAL_MESSAGES.alreadyDecided}
        </p>
      )}
      {message && message !== APPROVAL_MESSAGES.alreadyDecided && (
        <p className="mt-4 max-w-md text-base text-slate-800">{message}</p>
      )}
      {decidedAt && <p className="mt-2 text-sm text-slate-600">Decided {formatDateTime(decidedAt)}</p>}
      <p className="mt-2 max-w-md text-sm text-slate-600">{APPROVAL_MESSAGES.notified}</p>
    </section>
  );
}

function CampaignDetails({ campaign }: { campaign: ApprovalPreview['campaign'] }) {
  const [isOpen, setIsOpen] = useState(true);
  const panelId = useId();
  return (
    <section className={card}>
      <h2>
        <button
          type="button"
          aria-expanded={isOpen}
          aria-controls={panelId}
          onClick={() => setIsOpen((open) => !open)}
          className="flex w-full items-center justify-between gap-3 rounded-xl px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {APPROVAL_MESSAGES.campaignDetails}
          <ChevronDown
            className={`size-5 text-slate-600 transition-transform ${isOpen ? 'rotate-180' : ''}`}
            aria-hidden="true"
          />
        </button>
      </h2>
      <div id={panelId} hidden={!isOpen} className="border-t border-slate-200 px-5 py-4">
        <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-900">Campaign</dt>
          <dd className="text-slate-700 [overflow-wrap:anywhere]">{campaign.name}</dd>
          {campaign.segment_name && (
            <>
              <dt className="font-medium text-slate-900">Target segment</dt>
              <dd className="text-slate-700 [overflow-wrap:anywhere]">{campaign.segment_name}</dd>
            </>
          )}
          <dt className="font-medium text-slate-900">Estimated recipients</dt>
          <dd className="text-slate-700">
            {APPROVAL_MESSAGES.families(campaign.estimated_recipients).replace(
              String(campaign.estimated_recipients),
              formatCount(campaign.estimated_recipients),
            )}
          </dd>
          <dt className="font-medium text-slate-900">Status</dt>
          <dd>
            <span className="inline-flex items-center rounded-full bg-amber-50 px-2.5 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-600/25 ring-inset">
              {APPROVAL_MESSAGES.pendingBadge}
            </span>
          </dd>
          <dt className="font-medium text-slate-900">Created</dt>
          <dd className="text-slate-700">{formatDate(campaign.created_at)}</dd>
        </dl>
      </div>
    </section>
  );
}

function EmailPreview({ campaign }: { campaign: ApprovalPreview['campaign'] }) {
  const [showHtml, setShowHtml] = useState(false);
  const sourceId = useId();
  return (
    <section className={`${card} space-y-4 px-5 py-5`} aria-labelledby={`${sourceId}-heading`}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={`${sourceId}-heading`} className="text-base font-semibold text-slate-900">
          Email preview
        </h2>
        <Button
          variant="secondary"
          size="sm"
          aria-expanded={showHtml}
          aria-controls={sourceId}
          onClick={() => setShowHtml((shown) => !shown)}
        >
          {showHtml ? APPROVAL_MESSAGES.hideHtml : APPROVAL_MESSAGES.viewHtml}
        </Button>
      </div>
      <p className="text-sm">
        <span className="font-medium text-slate-900">{APPROVAL_MESSAGES.subject}:</span>{' '}
        <span className="text-slate-800 [overflow-wrap:anywhere]" data-testid="preview-subject">
          {campaign.subject}
        </span>
      </p>
      {showHtml && (
        <pre
          id={sourceId}
          className="max-h-80 overflow-auto rounded-lg bg-slate-900 p-4 text-xs whitespace-pre-wrap text-slate-100 [overflow-wrap:anywhere]"
          data-testid="preview-source"
        >
          {campaign.source_html}
        </pre>
      )}
      <p className="text-xs text-slate-600">Shown with sample data for one family.</p>
      <SandboxedHtmlFrame
        html={campaign.content_html}
        title="Email preview"
        className="h-[520px] sm:h-[600px]"
      />
      {campaign.content_text && (
        <details className="rounded-lg border border-slate-200">
          <summary className="cursor-pointer px-4 py-2 text-sm font-medium text-slate-900">
            Plain text version
          </summary>
          <pre className="max-h-80 overflow-auto border-t border-slate-200 px-4 py-3 font-sans text-sm whitespace-pre-wrap text-slate-800 [overflow-wrap:anywhere]">
            {campaign.content_text}
          </pre>
        </details>
      )}
    </section>
  );
}

function ReviewForm({
  token,
  onDecided,
  onStale,
}: {
  token: string;
  onDecided: (result: { approved: boolean; message: string }) => void;
  /** A 409 (decided elsewhere or content changed) or 404: read the link again. */
  onStale: () => void;
}) {
  const decision = useApprovalDecision(token);
  const [email, setEmail] = useState('');
  const [comments, setComments] = useState('');
  const [commentsError, setCommentsError] = useState<string | null>(null);
  const [emailError, setEmailError] = useState<string | null>(null);
  const [isConfirming, setIsConfirming] = useState(false);
  const commentsRef = useRef<HTMLTextAreaElement>(null);
  const commentsId = useId();

  function submit(approved: boolean) {
    setIsConfirming(false);
    decision.mutate(
      { approved, feedback: comments.trim() || null, email: email.trim() || null },
      {
        onSuccess: (result) => onDecided({ approved: result.approved, message: result.message }),
        onError: (error) => {
          if (error instanceof ApiError && (error.status === 409 || error.status === 404)) {
            if (error.serverMessage === APPROVAL_MESSAGES.alreadyDecided || error.status === 404) onStale();
          }
          if (
            error instanceof ApiError &&
            error.status === 400 &&
            error.serverMessage === APPROVAL_MESSAGES.emailInvalid
          )
            setEmailError(error.serverMessage);
        },
      },
    );
  }

  function approve() {
    setCommentsError(null);
    if (!checkEmail()) return;
    if (comments.trim()) submit(true);
    else setIsConfirming(true);
  }

  function requestChanges() {
    if (!checkEmail()) return;
    if (!comments.trim()) {
      setCommentsError(APPROVAL_MESSAGES.feedbackRequired);
      commentsRef.current?.focus();
      return;
    }
    setCommentsError(null);
    submit(false);
  }

  function checkEmail(): boolean {
    const value = email.trim();
    // The server checks fully; this catches the plain slip before a round trip.
    const isValid = !value || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value);
    setEmailError(isValid ? null : APPROVAL_MESSAGES.emailInvalid);
    return isValid;
  }

  return (
    <section className={`${card} space-y-4 px-5 py-5`} aria-labelledby={`${commentsId}-heading`}>
      <h2 id={`${commentsId}-heading`} className="text-base font-semibold text-slate-900">
        Your review
      </h2>
      <TextField
        label={APPROVAL_MESSAGES.reviewerEmail}
        type="email"
        autoComplete="email"
        inputMode="email"
        value={email}
        error={emailError}
        onChange={(event) => setEmail(event.target.value)}
      />
      <div className="space-y-1.5">
        <Label htmlFor={commentsId}>{APPROVAL_MESSAGES.comments}</Label>
        <Textarea
          id={commentsId}
          ref={commentsRef}
          rows={4}
          value={comments}
          maxLength={5000}
          aria-invalid={commentsError ? true : undefined}
          aria-describedby={commentsError ? `${commentsId}-error` : `${commentsId}-hint`}
          onChange={(event) => {
            setComments(event.target.value);
            if (commentsError && event.target.value.trim()) setCommentsError(null);
          }}
        />
        {commentsError ? (
          <p id={`${commentsId}-error`} className="text-xs font-medium text-red-700">
            {commentsError}
          </p>
        ) : (
          <p id={`${commentsId}-hint`} className="text-xs text-slate-600">
            Required when you request changes.
          </p>
        )}
      </div>
      {decision.isError && (
        <Alert tone="error">{errorMessage(decision.error, APPROVAL_MESSAGES.decisionFailed)}</Alert>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button
          size="lg"
          className="w-full sm:w-auto"
          onClick={approve}
          isLoading={decision.isPending && decision.variables?.approved === true}
          disabled={decision.isPending}
        >
          <CircleCheck className="size-5" aria-hidden="true" />
          {APPROVAL_MESSAGES.approve}
        </Button>
        <Button
          size="lg"
          variant="secondary"
          className="w-full sm:w-auto"
          onClick={requestChanges}
          isLoading={decision.isPending && decision.variables?.approved === false}
          disabled={decision.isPending}
        >
          {APPROVAL_MESSAGES.requestChanges}
        </Button>
      </div>
      <Dialog
        open={isConfirming}
        onOpenChange={setIsConfirming}
        title={APPROVAL_MESSAGES.confirmTitle}
        size="sm"
        footer={
          <>
            <Button variant="secondary" onClick={() => setIsConfirming(false)}>
              {APPROVAL_MESSAGES.cancel}
            </Button>
            <Button onClick={() => submit(true)}>{APPROVAL_MESSAGES.confirmYes}</Button>
          </>
        }
      >
        <p className="text-sm text-slate-800">{APPROVAL_MESSAGES.confirmBody}</p>
      </Dialog>
    </section>
  );
}

/**
 * The public approval page (spec 3, 2.10 and 8.8): the campaign's details and its email with sample
 * data, and the reviewer's one decision. Works without signing in; laid out for a phone first.
 */
export function ApprovalPage({ token, frame }: { token: string; frame: ApprovalFrame }) {
  const preview = useApprovalPreview(token);
  const [result, setResult] = useState<{ approved: boolean; message: string } | null>(null);

  if (result)
    return frame(
      result.approved ? APPROVAL_MESSAGES.approvedTitle : APPROVAL_MESSAGES.rejectedTitle,
      <DecisionResult approved={result.approved} message={result.message} />,
    );
  if (preview.isPending)
    return frame(
      'Campaign Review',
      <section className={`${card} px-6 py-12 text-center text-sm text-slate-700`} role="status">
        {APPROVAL_MESSAGES.loading}
      </section>,
    );
  if (preview.isError) {
    if (preview.error instanceof ApiError && preview.error.status === 404)
      return frame(APPROVAL_MESSAGES.notFound, <PreviewNotFound />);
    return frame(
      APPROVAL_MESSAGES.loadFailed,
      <>
        <section className={`${card} space-y-4 px-6 py-8`}>
          <Alert tone="error">{errorMessage(preview.error, APPROVAL_MESSAGES.loadFailed)}</Alert>
          <Button variant="secondary" onClick={() => void preview.refetch()} isLoading={preview.isFetching}>
            Try again
          </Button>
        </section>
      </>,
    );
  }
  const data = preview.data;
  if (data.status !== 'pending' && data.decision)
    return frame(
      data.decision.approved ? APPROVAL_MESSAGES.approvedTitle : APPROVAL_MESSAGES.rejectedTitle,
      <DecisionResult
        approved={data.decision.approved}
        message={data.decision.message}
        decidedAt={data.decision.decided_at}
        earlier
      />,
    );
  return frame(
    data.campaign.name,
    <>
      <div className="space-y-5">
        <CampaignDetails campaign={data.campaign} />
        <ReviewForm token={token} onDecided={setResult} onStale={() => void preview.refetch()} />
        <EmailPreview campaign={data.campaign} />
      </div>
    </>,
  );
}
