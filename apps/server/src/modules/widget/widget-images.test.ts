import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { WIDGET_IMAGE_MESSAGES } from '@lantern/contracts';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart } from '../../test/multipart';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;

let dataDir: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-widget-images-'));
  t = await createTestApp({ PUBLIC_URL: 'https://admissions.school.example', DATA_DIR: dataDir });
  token = await loginToken(t.app);
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A picture of the given size and format (noise, so it does not compress to nothing). */
async function picture(
  width: number,
  height: number,
  format: 'png' | 'jpeg' | 'gif' | 'webp',
  options: { alpha?: boolean; gps?: boolean } = {},
): Promise<Buffer> {
  const channels = options.alpha ? 4 : 3;
  const raw = Buffer.alloc(width * height * channels);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 37 + ((i / 7) | 0)) & 255;
  let image = sharp(raw, { raw: { width, height, channels } });
  if (options.gps)
    image = image.withExif({
      IFD0: { Make: 'PhoneMaker', Model: 'Phone 12' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '51/1 30/1 0/1',
        GPSLongitudeRef: 'W',
        GPSLongitude: '0/1 7/1 0/1',
      },
    });
  return image.toFormat(format).toBuffer();
}

const upload = (
  file: { filename: string; content: Buffer; contentType?: string } | null,
  imageType = 'avatar',
) => {
  const body = multipart(
    { imageType },
    file
      ? [
          {
            field: 'image',
            filename: file.filename,
            content: file.content,
            contentType: file.contentType ?? 'image/png',
          },
        ]
      : [],
  );
  return t.app.inject({
    method: 'POST',
    url: '/api/widget/upload-image',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
};
const settings = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/widget/settings', headers: bearer(token) })).json()
    .settings;

describe('POST /api/widget/upload-image', () => {
  it('needs a session', async () => {
    const body = multipart({ imageType: 'avatar' }, [
      { field: 'image', filename: 'a.png', content: await picture(200, 200, 'png') },
    ]);
    const res = await t.app.inject({ method: 'POST', url: '/api/widget/upload-image', ...body });
    expect(res.statusCode).toBe(401);
  });

  it('stores an avatar as a 200x200 image without its metadata, served from our origin with a long cache', async () => {
    const original = await picture(640, 480, 'jpeg', { gps: true });
    expect((await sharp(original).metadata()).exif).toBeDefined();
    const res = await upload({
      filename: 'our-school photo.jpg',
      content: original,
      contentType: 'image/jpeg',
    });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      imageUrl: expect.stringMatching(/^\/widget\/images\/avatar-[0-9a-f-]{36}\.jpg$/),
      filename: 'our-school photo.jpg',
      imageType: 'avatar',
      width: 200,
      height: 200,
      message: 'Avatar uploaded successfully!',
      notes: [{ code: 'not_square', message: WIDGET_IMAGE_MESSAGES.notSquareAvatar }],
    });
    expect(body.settings).toMatchObject({
      avatar_url: body.imageUrl,
      avatar_filename: 'our-school photo.jpg',
    });

    const served = await t.app.inject({ method: 'GET', url: body.imageUrl });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cross-origin-resource-policy']).toBe('cross-origin');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ width: 200, height: 200, format: 'jpeg' });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PhoneMaker'))).toBe(false);

    // The widget and the enrolment form follow at once.
    const config = (await t.app.inject({ method: 'GET', url: '/widget/config' })).json();
    expect(config.avatar_url).toBe(body.imageUrl);
    // The history says who uploaded what.
    const history = await t.app.inject({
      method: 'GET',
      url: '/api/widget/settings/history?limit=1',
      headers: bearer(token),
    });
    expect(history.json().entries[0]).toMatchObject({
      action: 'widget.image_uploaded',
      detail: 'avatar',
      fields: ['avatar_url', 'avatar_filename'],
    });
  });

  it('keeps a logo whole inside 400x400 and its transparency as PNG; notes a small image but accepts it', async () => {
    const res = await upload(
      { filename: 'logo.png', content: await picture(1200, 300, 'png', { alpha: true }) },
      'logo',
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      width: 400,
      height: 100,
      imageType: 'logo',
      message: 'Logo uploaded successfully!',
    });
    const served = await t.app.inject({ method: 'GET', url: res.json().imageUrl });
    expect(served.headers['content-type']).toBe('image/png');
    expect((await sharp(served.rawPayload).metadata()).hasAlpha).toBe(true);

    const small = await upload({
      filename: 'tiny.gif',
      content: await picture(64, 64, 'gif'),
      contentType: 'image/gif',
    });
    expect(small.statusCode, small.body).toBe(200);
    expect(small.json().notes).toEqual([{ code: 'small', message: WIDGET_IMAGE_MESSAGES.small }]);
    const webp = await upload({
      filename: 'avatar.webp',
      content: await picture(300, 300, 'webp'),
      contentType: 'image/webp',
    });
    expect(webp.statusCode, webp.body).toBe(200);
    expect(webp.json().notes).toEqual([]);
  });

  it('replaces the previous image: the old one is no longer served', async () => {
    const first = (await upload({ filename: 'a.png', content: await picture(200, 200, 'png') })).json();
    const second = (await upload({ filename: 'b.png', content: await picture(220, 220, 'png') })).json();
    expect(second.imageUrl).not.toBe(first.imageUrl);
    expect((await t.app.inject({ method: 'GET', url: first.imageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: second.imageUrl })).statusCode).toBe(200);
  });

  it.each([
    [
      'a GIF named .png with HTML inside',
      'avatar.png',
      async () =>
        Buffer.concat([
          Buffer.from('GIF89a'),
          Buffer.from('<html><script>alert(document.cookie)</script></html>'),
        ]),
    ],
    [
      'a GIF with HTML inside',
      'avatar.gif',
      async () =>
        Buffer.concat([Buffer.from('GIF89a'), Buffer.from('<html><body onload=alert(1)></body></html>')]),
    ],
    ['a real GIF named .png', 'avatar.png', () => picture(120, 120, 'gif')],
    [
      'a PNG with a script appended',
      'avatar.png',
      async () => Buffer.concat([await picture(120, 120, 'png'), Buffer.from('<script>alert(1)</script>')]),
    ],
    [
      'an SVG',
      'avatar.svg',
      async () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>',
        ),
    ],
    [
      'an SVG named .png',
      'avatar.png',
      async () => Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg"><rect/></svg>'),
    ],
    ['an HTML page named .jpg', 'avatar.jpg', async () => Buffer.from('<!doctype html><p>hello</p>')],
    ['a PDF', 'avatar.pdf', async () => Buffer.from('%PDF-1.4\n%%EOF\n')],
    ['a PNG named .html', 'avatar.html', () => picture(120, 120, 'png')],
    ['a truncated PNG', 'avatar.png', async () => (await picture(300, 300, 'png')).subarray(0, 200)],
    ['an empty file', 'avatar.png', async () => Buffer.alloc(0)],
  ])('refuses %s with the spec’s message and changes nothing', async (_what, filename, make) => {
    const before = await settings();
    const res = await upload({ filename, content: await make() });
    expect(res.statusCode, res.body).toBe(400);
    expect([WIDGET_IMAGE_MESSAGES.invalidType, WIDGET_IMAGE_MESSAGES.unreadable]).toContain(res.json().error);
    expect(await settings()).toEqual(before);
  });

  it('refuses a 6 MB file with the spec’s message', async () => {
    const before = await settings();
    const big = Buffer.concat([await picture(100, 100, 'png'), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload({ filename: 'big.png', content: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ error: 'File size must be less than 5MB' });
    expect(await settings()).toEqual(before);
  });

  it('keeps a hostile file name only as cleaned display text', async () => {
    for (const filename of [
      '../../etc/passwd.png',
      'x"><img src=x onerror=alert(1)>.png',
      'report\u202Egnp.exe.png',
      'C:\\Windows\\evil.png',
    ]) {
      const res = await upload({ filename, content: await picture(150, 150, 'png') });
      expect(res.statusCode, `${filename}: ${res.body}`).toBe(200);
      const body = res.json();
      expect(body.imageUrl).toMatch(/^\/widget\/images\/avatar-[0-9a-f-]{36}\.(png|jpg)$/);
      expect(body.filename).not.toMatch(/[/\\"\u202E]/);
      expect(body.settings.avatar_filename).toBe(body.filename);
    }
  });

  it('refuses a missing file, a missing or wrong imageType, and a non-multipart body', async () => {
    const none = await upload(null);
    expect(none.statusCode).toBe(400);
    expect(none.json().error).toBe(WIDGET_IMAGE_MESSAGES.missingFile);
    const wrongType = await upload({ filename: 'a.png', content: await picture(120, 120, 'png') }, 'banner');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error).toBe(WIDGET_IMAGE_MESSAGES.invalidImageType);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/widget/upload-image',
      headers: bearer(token),
      payload: { imageType: 'avatar' },
    });
    expect(json.statusCode).toBe(400);
  });
});

describe('uploaded images and the settings', () => {
  it('lets avatar_url point at one of our uploaded images (path or our origin), never a made-up one', async () => {
    const logo = (
      await upload({ filename: 'l.png', content: await picture(200, 200, 'png') }, 'logo')
    ).json();
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/widget/settings', headers: bearer(token), payload });
    const viaOrigin = await put({ avatar_url: `https://admissions.school.example${logo.imageUrl}` });
    expect(viaOrigin.statusCode, viaOrigin.body).toBe(200);
    expect(viaOrigin.json().settings.avatar_url).toBe(logo.imageUrl);
    expect(viaOrigin.json().settings.avatar_filename).toBe('l.png');
    const cleared = await put({ avatar_url: null });
    expect(cleared.json().settings).toMatchObject({ avatar_url: null, avatar_filename: null });
    const madeUp = await put({ avatar_url: logo.imageUrl.replace(/[0-9a-f]{12}\./, '000000000000.') });
    expect(madeUp.statusCode).toBe(400);
  });

  it('serves nothing for an unknown or malformed image name', async () => {
    for (const url of [
      '/widget/images/avatar-00000000-0000-4000-8000-000000000000.png',
      '/widget/images/..%2F..%2Fetc%2Fpasswd',
      '/widget/images/avatar.svg',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
  });
});

describe('DELETE /api/widget/image/{type}', () => {
  it('clears the avatar (the widget shows initials) and deletes the file; a second delete is a 404', async () => {
    const up = (await upload({ filename: 'a.png', content: await picture(200, 200, 'png') })).json();
    const res = await t.app.inject({
      method: 'DELETE',
      url: '/api/widget/image/avatar',
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Avatar deleted successfully!',
      settings: { avatar_url: null, avatar_filename: null },
    });
    expect((await t.app.inject({ method: 'GET', url: up.imageUrl })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/widget/config' })).json().avatar_url).toBeNull();
    const again = await t.app.inject({
      method: 'DELETE',
      url: '/api/widget/image/avatar',
      headers: bearer(token),
    });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ error: WIDGET_IMAGE_MESSAGES.noImage });
  });

  it('refuses an unknown type and needs a session', async () => {
    const bad = await t.app.inject({
      method: 'DELETE',
      url: '/api/widget/image/banner',
      headers: bearer(token),
    });
    expect(bad.statusCode).toBe(400);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/widget/image/logo' })).statusCode).toBe(401);
  });
});
