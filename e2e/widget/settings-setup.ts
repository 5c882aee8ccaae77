import zlib from 'node:zlib';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';

/** What the widget settings journeys share: the spec's defaults, the preview, test images. */

/** The settings the journeys change, at the spec's defaults (3.6): put back after each journey. */
export const WIDGET_DEFAULTS = {
  school_name: 'My Academy',
  chatbot_name: 'School Assistant',
  welcome_message: 'Hi! Welcome to {{school_name}}. How can I help you today?',
  primary_color: '#4F46E5',
  secondary_color: '#7C3AED',
  accent_color: '#10B981',
  background_color: '#FFFFFF',
  text_color: '#1F2937',
  border_radius: '12px',
  position: 'bottom-right',
  call_to_action_text: null,
  show_branding: true,
  auto_open_enabled: false,
  auto_open_delay: 5,
  auto_open_only_new_visitors: true,
};

export async function restoreWidgetDefaults(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  for (const type of ['avatar', 'logo']) await request.delete(`/api/widget/image/${type}`, { headers });
  const res = await request.put('/api/widget/settings', { headers, data: WIDGET_DEFAULTS });
  expect(res.status(), await res.text()).toBe(200);
}

/** The real widget inside the settings page's preview iframe. */
export function previewOf(page: Page, chatbotName = 'School Assistant') {
  const frame: FrameLocator = page.frameLocator('iframe[title="Widget preview"]');
  const dialog = frame.getByRole('dialog', { name: chatbotName });
  return {
    frame,
    dialog,
    launcher: frame.getByRole('button', { name: `Chat with ${chatbotName}` }),
    userBubble: dialog.locator('.lw-row-user .lw-bubble').first(),
    botBubbles: dialog.locator('.lw-row-bot .lw-bubble'),
  };
}

/** The widget page's background colour of an element, as rgb(). */
export const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

// ---- a PNG made here (no image library needed) ----

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A solid-colour RGB PNG of the given size. */
export function solidPng(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.alloc(1 + width * 3);
  for (let x = 0; x < width; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
