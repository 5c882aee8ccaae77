// @vitest-environment jsdom
import { WIDGET_SETTINGS_DEFAULTS } from '@lantern/contracts';
import { describe, expect, it, vi } from 'vitest';
import type { WidgetDraft } from '../settings-draft';
import { readPreviewMessage, sendPreviewSettings } from './preview-protocol';

const frame = { postMessage: vi.fn() } as unknown as Window;
const message = (data: unknown, origin = window.location.origin, source: unknown = frame) =>
  ({ data, origin, source }) as MessageEvent;

describe('the preview protocol (admin side)', () => {
  it("takes the widget's messages only from its own iframe on our origin", () => {
    expect(readPreviewMessage(message({ type: 'lantern-widget-preview:ready' }), frame)).toEqual({
      kind: 'ready',
    });
    expect(
      readPreviewMessage(message({ type: 'lantern-widget-preview:ready' }, 'https://evil.example'), frame),
    ).toBeNull();
    expect(
      readPreviewMessage(message({ type: 'lantern-widget-preview:ready' }, undefined, window), frame),
    ).toBeNull();
    expect(
      readPreviewMessage(message({ type: 'lantern-widget-preview:open', open: 'yes' }), frame),
    ).toBeNull();
    expect(readPreviewMessage(message({ type: 'lantern-widget-preview:open', open: false }), frame)).toEqual({
      kind: 'open',
      open: false,
    });
  });

  it('sends the draft to our origin only, with the welcome filled and no prompt material', () => {
    const draft: WidgetDraft = {
      ...WIDGET_SETTINGS_DEFAULTS,
      school_time_zone: 'UTC',
      school_name: 'Brightwater',
      chatbot_personality: 'secret prompt',
      unique_selling_proposition: 'secret pitch',
    };
    sendPreviewSettings(frame, draft, true);
    const [data, origin] = vi.mocked(frame.postMessage).mock.calls[0]! as unknown as [
      { settings: Record<string, unknown>; open: boolean },
      string,
    ];
    expect(origin).toBe(window.location.origin);
    expect(data.settings.welcome_message).toBe('Hi! Welcome to Brightwater. How can I help you today?');
    expect(data.settings).not.toHaveProperty('chatbot_personality');
    expect(data.settings).not.toHaveProperty('unique_selling_proposition');
    expect(data.open).toBe(true);
  });
});
