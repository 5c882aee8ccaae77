import type { AnalyticsMessage } from '@lantern/contracts';
import { Bot, CornerDownRight, Sparkles, User } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/cn';
import { formatTime } from '@/lib/format';
import { HIGHLIGHT_LABELS, leadCreationMessageIndex, messageHighlights } from '../../message-highlights';

// Spec 2.4: highlighted messages animate for 5 s when shown, the lead's message 3 s after a jump.
const SHOWN_ANIMATION_MS = 5000;
const JUMP_ANIMATION_MS = 3000;

/** The transcript as chat bubbles, with what each parent message gave and where the lead was made. */
export function MessageList({ messages, hasLead }: { messages: AnalyticsMessage[]; hasLead: boolean }) {
  const leadIndex = leadCreationMessageIndex(messages, hasLead);
  const [isIntroAnimating, setIsIntroAnimating] = useState(true);
  const [jumpCount, setJumpCount] = useState(0);
  const [isJumpAnimating, setIsJumpAnimating] = useState(false);
  const leadMessage = useRef<HTMLLIElement>(null);

  useEffect(() => {
    const timer = setTimeout(() => setIsIntroAnimating(false), SHOWN_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, []);

  useEffect(() => {
    if (jumpCount === 0) return;
    const timer = setTimeout(() => setIsJumpAnimating(false), JUMP_ANIMATION_MS);
    return () => clearTimeout(timer);
  }, [jumpCount]);

  function jumpToLead() {
    const target = leadMessage.current;
    if (!target) return;
    const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    target.scrollIntoView?.({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'center' });
    target.focus({ preventScroll: true });
    setIsJumpAnimating(true);
    setJumpCount((n) => n + 1);
  }

  if (messages.length === 0) {
    return <p className="py-8 text-center text-sm text-slate-600">This conversation has no messages.</p>;
  }
  return (
    <div>
      {leadIndex >= 0 && (
        <Button variant="secondary" size="sm" className="mb-4" onClick={jumpToLead}>
          <CornerDownRight className="size-4" aria-hidden="true" />
          Jump to lead-creation message
        </Button>
      )}
      <ol className="space-y-3" aria-label="Messages">
        {messages.map((message, index) => {
          const highlights = messageHighlights(message);
          const isLead = index === leadIndex;
          const isAnimating = (highlights.length > 0 && isIntroAnimating) || (isLead && isJumpAnimating);
          return (
            <MessageBubble
              key={index}
              ref={isLead ? leadMessage : undefined}
              message={message}
              highlights={highlights.map((kind) => HIGHLIGHT_LABELS[kind])}
              isLead={isLead}
              isAnimating={isAnimating}
            />
          );
        })}
      </ol>
    </div>
  );
}

type BubbleProps = {
  ref?: React.Ref<HTMLLIElement>;
  message: AnalyticsMessage;
  highlights: string[];
  isLead: boolean;
  isAnimating: boolean;
};

function MessageBubble({ ref, message, highlights, isLead, isAnimating }: BubbleProps) {
  const isUser = message.role === 'user';
  const Icon = isUser ? User : Bot;
  const isHighlighted = highlights.length > 0;
  return (
    <li
      ref={ref}
      tabIndex={isLead ? -1 : undefined}
      data-highlighted={isHighlighted || undefined}
      data-animating={isAnimating || undefined}
      className={cn(
        'flex gap-2 rounded-xl outline-none focus-visible:ring-2 focus-visible:ring-indigo-600',
        isUser && 'flex-row-reverse',
      )}
    >
      <span
        className={cn(
          'mt-1 flex size-7 shrink-0 items-center justify-center rounded-full',
          isUser ? 'bg-indigo-100 text-indigo-700' : 'bg-slate-100 text-slate-600',
        )}
        aria-hidden="true"
      >
        <Icon className="size-4" />
      </span>
      <div className={cn('max-w-[80%]', isUser && 'text-right')}>
        <p className="mb-1 text-xs text-slate-500">
          {isUser ? 'Parent' : 'Assistant'}
          {message.timestamp && <> · {formatTime(message.timestamp)}</>}
        </p>
        <div
          className={cn(
            'rounded-2xl px-3.5 py-2 text-left text-sm whitespace-pre-wrap [overflow-wrap:anywhere]',
            isUser ? 'rounded-tr-sm bg-indigo-600 text-white' : 'rounded-tl-sm bg-slate-100 text-slate-900',
            isHighlighted && 'ring-2 ring-amber-400 ring-offset-2',
            isAnimating && 'motion-safe:animate-pulse',
          )}
        >
          {message.content}
        </div>
        {(isHighlighted || isLead) && (
          <ul className="mt-1.5 flex flex-wrap justify-end gap-1" aria-label="Highlights">
            {isLead && (
              <li className="inline-flex items-center gap-1 rounded-md bg-emerald-100 px-1.5 py-0.5 text-xs font-medium text-emerald-800">
                <Sparkles className="size-3" aria-hidden="true" />
                Lead created here
              </li>
            )}
            {highlights.map((label) => (
              <li
                key={label}
                className="rounded-md bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900"
              >
                {label}
              </li>
            ))}
          </ul>
        )}
      </div>
    </li>
  );
}
