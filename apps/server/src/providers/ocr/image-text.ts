import { createRequire } from 'node:module';
import type { AiProvider } from '../ai/ai-provider';

/**
 * Text read from an image: by a vision model through the AI provider when one is configured,
 * else by tesseract.js with the English data installed from npm (@tesseract.js-data/eng; nothing
 * is downloaded at run time). Confidence is 0..1.
 */
export type ImageText = { text: string; confidence: number; method: 'ocr' | 'vision' };

export interface ImageTextReader {
  readonly method: 'ocr' | 'vision';
  read(image: Buffer, mimeType: string): Promise<ImageText>;
  close(): Promise<void>;
}

const require = createRequire(import.meta.url);

type TesseractWorker = {
  recognize(image: Buffer): Promise<{ data: { text: string; confidence: number } }>;
  terminate(): Promise<unknown>;
};

/** tesseract.js: one worker, started on first use and kept (loading the model takes a second or two). */
export function createTesseractReader(): ImageTextReader {
  let worker: Promise<TesseractWorker> | undefined;
  const start = async (): Promise<TesseractWorker> => {
    const { createWorker } = await import('tesseract.js');
    const eng = require('@tesseract.js-data/eng') as { langPath: string; gzip: boolean };
    return (await createWorker('eng', 1, {
      langPath: eng.langPath,
      gzip: eng.gzip,
      cacheMethod: 'none',
    })) as unknown as TesseractWorker;
  };
  return {
    method: 'ocr',
    async read(image) {
      worker ??= start();
      const { data } = await (await worker).recognize(image);
      const text = data.text.replace(/[ \t]+\n/g, '\n').trim();
      return { text, confidence: Math.min(1, Math.max(0, data.confidence / 100)), method: 'ocr' };
    },
    async close() {
      const running = worker;
      worker = undefined;
      if (running) await (await running).terminate().catch(() => undefined);
    },
  };
}

const VISION_PROMPT =
  'Transcribe all readable text in this image exactly, keeping its line breaks and headings. ' +
  'Answer only a JSON object {"text": "...", "confidence": 0.0-1.0} where confidence is how sure you ' +
  'are the transcription is complete and correct. If there is no text, answer {"text": "", "confidence": 1}.';

/** A vision model through the AI provider. */
export function createVisionReader(ai: AiProvider): ImageTextReader {
  return {
    method: 'vision',
    async read(image, mimeType) {
      const { content } = await ai.vision({
        temperature: 0,
        responseFormat: 'json',
        messages: [
          {
            role: 'user',
            content: [
              { type: 'text', text: VISION_PROMPT },
              {
                type: 'image_url',
                image_url: { url: `data:${mimeType};base64,${image.toString('base64')}` },
              },
            ],
          },
        ],
      });
      return { ...parseVisionReply(content), method: 'vision' };
    },
    close: async () => undefined,
  };
}

function parseVisionReply(content: string): { text: string; confidence: number } {
  try {
    const json = JSON.parse(content) as { text?: unknown; confidence?: unknown };
    if (typeof json.text === 'string') {
      const c = typeof json.confidence === 'number' ? json.confidence : 0.8;
      return { text: json.text.trim(), confidence: Math.min(1, Math.max(0, c)) };
    }
  } catch {
    // A model that ignored the JSON request answered plain text: take it, with a modest confidence.
  }
  return { text: content.trim(), confidence: 0.7 };
}

export function createImageTextReader(ai: AiProvider): ImageTextReader {
  return ai.hasVision ? createVisionReader(ai) : createTesseractReader();
}
