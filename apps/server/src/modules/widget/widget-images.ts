import crypto from 'node:crypto';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  WIDGET_AVATAR_SIDE,
  WIDGET_IMAGE_MAX_BYTES,
  WIDGET_IMAGE_MESSAGES,
  WIDGET_IMAGE_MIME_TYPES,
  WIDGET_IMAGE_MIN_SIDE,
  WIDGET_IMAGE_PATH_PREFIX,
  WIDGET_LOGO_MAX_SIDE,
  type WidgetImageNote,
  type WidgetImageType,
} from '@lantern/contracts';
import { eq, inArray, notInArray } from 'drizzle-orm';
import { fileTypeFromBuffer } from 'file-type';
import sharp from 'sharp';
import type { Database } from '../../db/client';
import { BadInputError, PayloadTooLargeError } from '../../http/errors';
import type { FileStorage } from '../../providers/storage/file-storage';
import type { Queryable } from './widget-records';
import { widgetImages, type WidgetImageRow } from './widget.tables';

// The avatar and the logo: checked by content (not by name), re-encoded by sharp (which drops every
// piece of metadata, GPS included, and any bytes hidden after the picture), stored in file storage
// and served from our own origin. The settings may point only at these images.

/** The public name of an uploaded image: made by the server, never from the uploaded name. */
export const IMAGE_NAME =
  /^(avatar|logo)-[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;

/** The image's name when the address is one of ours (a path, or our origin plus the path). */
export function uploadedImageName(url: string, ownOrigin: string | null): string | null {
  let pathname = url;
  if (!url.startsWith('/')) {
    if (!ownOrigin) return null;
    try {
      const parsed = new URL(url);
      if (parsed.origin !== new URL(ownOrigin).origin) return null;
      pathname = parsed.pathname;
    } catch {
      return null;
    }
  }
  if (!pathname.startsWith(WIDGET_IMAGE_PATH_PREFIX)) return null;
  const name = pathname.slice(WIDGET_IMAGE_PATH_PREFIX.length);
  return IMAGE_NAME.test(name) ? name : null;
}

/** The extensions a name may have, by the type its content really is; no extension is fine too. */
const EXTENSIONS: Record<(typeof WIDGET_IMAGE_MIME_TYPES)[number], string[]> = {
  'image/jpeg': ['.jpg', '.jpeg', '.jfif'],
  'image/png': ['.png'],
  'image/gif': ['.gif'],
  'image/webp': ['.webp'],
};

/**
 * Markup inside an image file: a polyglot a browser could be tricked into reading as a page or a
 * script. Re-encoding would drop it, but such a file is refused outright.
 */
const MARKUP = /<(script|html|iframe|svg|object|embed|body|!doctype|\?php)[\s>/]/i;

/** Decoding more pixels than this is refused (a small file can claim a huge picture). */
const MAX_INPUT_PIXELS = 40_000_000;

export type ProcessedImage = {
  data: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
  width: number;
  height: number;
  notes: WidgetImageNote[];
};

/** Reads a multipart file stream whole, refusing more than the limit. */
export async function readImageUpload(file: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of file) {
    size += (chunk as Buffer).length;
    if (size > WIDGET_IMAGE_MAX_BYTES) {
      file.resume();
      throw new PayloadTooLargeError(WIDGET_IMAGE_MESSAGES.tooLarge);
    }
    chunks.push(chunk as Buffer);
  }
  if ((file as Readable & { truncated?: boolean }).truncated)
    throw new PayloadTooLargeError(WIDGET_IMAGE_MESSAGES.tooLarge);
  return Buffer.concat(chunks);
}

/**
 * Checks an upload and re-encodes it: JPEG, PNG, GIF or WebP by content (a name that says another
 * image type, or a non-image type, is refused too), no markup inside, decodable; the avatar becomes
 * a 200x200 square (cropped to its centre), the logo is kept whole inside 400x400. PNG out when the
 * picture has transparency, else JPEG. Notes say when it is small or not square (still accepted).
 */
export async function processImage(
  content: Buffer,
  filename: string,
  type: WidgetImageType,
): Promise<ProcessedImage> {
  if (content.length === 0) throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);
  if (content.length > WIDGET_IMAGE_MAX_BYTES) throw new PayloadTooLargeError(WIDGET_IMAGE_MESSAGES.tooLarge);
  const detected = await fileTypeFromBuffer(content);
  const mime = detected?.mime as (typeof WIDGET_IMAGE_MIME_TYPES)[number] | undefined;
  if (!mime || !WIDGET_IMAGE_MIME_TYPES.includes(mime))
    throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);
  const extension = path.extname(filename).toLowerCase();
  if (extension && !EXTENSIONS[mime].includes(extension))
    throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);
  if (MARKUP.test(content.toString('latin1'))) throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);

  let width: number;
  let height: number;
  let hasAlpha: boolean;
  try {
    const meta = await sharp(content, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).metadata();
    // EXIF orientations 5 to 8 turn the picture a quarter: its shown sides are swapped.
    const turned = (meta.orientation ?? 1) >= 5;
    width = (turned ? meta.height : meta.width) ?? 0;
    height = (turned ? meta.width : meta.height) ?? 0;
    hasAlpha = meta.hasAlpha ?? false;
  } catch {
    throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);
  }
  if (!width || !height) throw new BadInputError(WIDGET_IMAGE_MESSAGES.invalidType);

  const notes: WidgetImageNote[] = [];
  if (Math.min(width, height) < WIDGET_IMAGE_MIN_SIDE)
    notes.push({ code: 'small', message: WIDGET_IMAGE_MESSAGES.small });
  if (width !== height)
    notes.push({
      code: 'not_square',
      message:
        type === 'avatar' ? WIDGET_IMAGE_MESSAGES.notSquareAvatar : WIDGET_IMAGE_MESSAGES.notSquareLogo,
    });

  try {
    // rotate() applies the EXIF orientation; sharp writes no metadata unless asked (GPS, camera...).
    let pipeline = sharp(content, {
      limitInputPixels: MAX_INPUT_PIXELS,
      failOn: 'error',
      animated: false,
    }).rotate();
    pipeline =
      type === 'avatar'
        ? pipeline.resize(WIDGET_AVATAR_SIDE, WIDGET_AVATAR_SIDE, { fit: 'cover', position: 'centre' })
        : pipeline.resize(WIDGET_LOGO_MAX_SIDE, WIDGET_LOGO_MAX_SIDE, {
            fit: 'inside',
            withoutEnlargement: true,
          });
    const out = hasAlpha
      ? await pipeline.png({ compressionLevel: 9, palette: false }).toBuffer({ resolveWithObject: true })
      : await pipeline
          .flatten({ background: '#ffffff' })
          .jpeg({ quality: 86, mozjpeg: true })
          .toBuffer({ resolveWithObject: true });
    return {
      data: out.data,
      contentType: hasAlpha ? 'image/png' : 'image/jpeg',
      extension: hasAlpha ? 'png' : 'jpg',
      width: out.info.width,
      height: out.info.height,
      notes,
    };
  } catch {
    throw new BadInputError(WIDGET_IMAGE_MESSAGES.unreadable);
  }
}

/** Puts a processed image's bytes in file storage under a new server-made name. */
export async function putImageFile(
  storage: FileStorage,
  image: ProcessedImage,
  type: WidgetImageType,
): Promise<{ name: string; storageKey: string }> {
  const name = `${type}-${crypto.randomUUID()}.${image.extension}`;
  const storageKey = `widget/${name}`;
  await storage.put(storageKey, image.data, { contentType: image.contentType, size: image.data.length });
  return { name, storageKey };
}

/** The stored image's row (in the caller's transaction). */
export async function insertImageRow(
  q: Queryable,
  file: { name: string; storageKey: string },
  image: ProcessedImage,
  type: WidgetImageType,
  originalName: string,
): Promise<WidgetImageRow> {
  const [row] = await q
    .insert(widgetImages)
    .values({
      name: file.name,
      imageType: type,
      storageKey: file.storageKey,
      contentType: image.contentType,
      size: image.data.length,
      width: image.width,
      height: image.height,
      originalFilename: originalName,
    })
    .returning();
  return row!;
}

export const imagePath = (name: string) => `${WIDGET_IMAGE_PATH_PREFIX}${name}`;

export async function findImage(db: Queryable, name: string): Promise<WidgetImageRow | undefined> {
  if (!IMAGE_NAME.test(name)) return undefined;
  const [row] = await db.select().from(widgetImages).where(eq(widgetImages.name, name));
  return row;
}

/**
 * Removes the stored images no setting points at any more (after a replacement, a deletion or a
 * reset). Their URLs were unique, so no cache anywhere can show another picture under them.
 */
export async function pruneImages(
  deps: { db: Database; storage: FileStorage; log?: { warn: (o: object, m: string) => void } },
  keep: string[],
): Promise<void> {
  const gone = await deps.db
    .delete(widgetImages)
    .where(keep.length ? notInArray(widgetImages.name, keep) : undefined)
    .returning({ storageKey: widgetImages.storageKey });
  for (const { storageKey } of gone) {
    await deps.storage.delete(storageKey).catch((error: unknown) => {
      deps.log?.warn({ err: error, storageKey }, 'could not delete an unused widget image');
    });
  }
}

/** The stored images of these names (a setting may point only at these). */
export async function imagesNamed(db: Queryable, names: string[]): Promise<WidgetImageRow[]> {
  if (names.length === 0) return [];
  return db.select().from(widgetImages).where(inArray(widgetImages.name, names));
}
