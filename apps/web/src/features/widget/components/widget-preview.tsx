import { MessageCircle, PanelBottomOpen } from 'lucide-react';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Card } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { PREVIEW_PAGE, readPreviewMessage, sendPreviewSettings } from '../preview/preview-protocol';
import type { WidgetDraft } from '../settings-draft';

/**
 * The page the widget is drawn in, as a desktop visitor's corner of a school site: wider than the
 * widget's phone layout (480 px), scaled down to fit the column.
 */
const FRAME_WIDTH = 500;
const FRAME_HEIGHT = 700;

type WidgetPreviewProps = { draft: WidgetDraft };

/** The live preview: the real widget, fed the unsaved settings; toggles launcher and chat window. */
export function WidgetPreview({ draft }: WidgetPreviewProps) {
  const frameRef = useRef<HTMLIFrameElement>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const [isReady, setReady] = useState(false);
  const [isOpen, setOpen] = useState(true);
  const [scale, setScale] = useState(0.8);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      const message = readPreviewMessage(event, frameRef.current?.contentWindow);
      if (message?.kind === 'ready') setReady(true);
      if (message?.kind === 'open') setOpen(message.open);
    }
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);

  // A layout effect: the message leaves in the same task as the keystroke's render, so the widget
  // can repaint in the next frame.
  useLayoutEffect(() => {
    const frame = frameRef.current?.contentWindow;
    if (isReady && frame) sendPreviewSettings(frame, draft, isOpen);
  }, [draft, isOpen, isReady]);

  useLayoutEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    const fit = () => setScale(Math.min(1, box.clientWidth / FRAME_WIDTH));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(box);
    return () => observer.disconnect();
  }, []);

  return (
    <Card aria-labelledby="widget-preview-title" className="overflow-hidden">
      <div className="flex flex-wrap items-center justify-between gap-3 border-b border-slate-100 px-4 py-3">
        <h2 id="widget-preview-title" className="text-sm font-semibold text-slate-900">
          Live preview
        </h2>
        <div role="group" aria-label="Preview shows" className="flex rounded-lg bg-slate-100 p-0.5">
          <ToggleButton isPressed={!isOpen} onClick={() => setOpen(false)}>
            <MessageCircle className="size-4" aria-hidden="true" />
            Launcher
          </ToggleButton>
          <ToggleButton isPressed={isOpen} onClick={() => setOpen(true)}>
            <PanelBottomOpen className="size-4" aria-hidden="true" />
            Chat window
          </ToggleButton>
        </div>
      </div>
      <div ref={boxRef} className="relative bg-slate-100" style={{ height: FRAME_HEIGHT * scale }}>
        {!isReady && (
          <div
            className="absolute inset-0 flex flex-col gap-3 p-4"
            role="status"
            aria-label="Loading the preview"
          >
            <Skeleton className="h-8" />
            <Skeleton className="h-32" />
            <Skeleton className="ml-auto h-64 w-3/4" />
          </div>
        )}
        <iframe
          ref={frameRef}
          src={PREVIEW_PAGE}
          title="Widget preview"
          className={cn('absolute top-0 left-0 origin-top-left border-0', !isReady && 'invisible')}
          style={{ width: FRAME_WIDTH, height: FRAME_HEIGHT, transform: `scale(${scale})` }}
        />
      </div>
      <p className="px-4 py-2 text-xs text-slate-600">
        The real widget with your unsaved changes. Messages typed here are not sent anywhere.
      </p>
    </Card>
  );
}

function ToggleButton({
  isPressed,
  onClick,
  children,
}: {
  isPressed: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <button
      type="button"
      aria-pressed={isPressed}
      onClick={onClick}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2.5 py-1 text-xs font-medium transition-colors',
        isPressed ? 'bg-white text-slate-900 shadow-sm' : 'text-slate-600 hover:text-slate-900',
      )}
    >
      {children}
    </button>
  );
}
