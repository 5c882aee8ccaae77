import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, SAMPLE_FILES, type MultipartFile } from '../../test/multipart';
import { bearer, createTestApp, loginToken, type TestApp } from '../../test/test-app';

let t: TestApp;
let token: string;
let dataDir: string;
let segmentId: string;
let otherSegmentId: string;

const filesRoot = () => path.join(dataDir, 'files');
const storedFiles = (): string[] =>
  fs.existsSync(filesRoot())
    ? fs
        .readdirSync(filesRoot(), { recursive: true, withFileTypes: true })
        .filter((d) => d.isFile())
        .map((d) => d.name)
    : [];

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lantern-resources-'));
  t = await createTestApp({ DATA_DIR: dataDir });
  token = await loginToken(t.app);
  const make = async (name: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/segments',
      headers: bearer(token),
      payload: {
        name,
        inclusion_rules: {
          operator: 'AND',
          conditions: [{ field: 'timeline', operator: 'equals', value: 'Immediately' }],
        },
      },
    });
    return res.json().segment.id as string;
  };
  segmentId = await make('Urgent families');
  otherSegmentId = await make('Second segment');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.useRealTimers());

const validFields = (overrides: Record<string, string | string[]> = {}) => ({
  title: 'Autism starter guide',
  description: 'What to expect in the first weeks',
  category: 'autism',
  priority: '7',
  require_email: 'true',
  segment_ids: [segmentId],
  ...overrides,
});

async function upload(fields: Record<string, string | string[]>, files: MultipartFile[]) {
  const body = multipart(fields, files);
  return t.app.inject({
    method: 'POST',
    url: '/api/resources',
    headers: { ...bearer(token), ...body.headers },
    payload: body.payload,
  });
}

async function createResource(fields: Record<string, string | string[]> = {}, files?: MultipartFile[]) {
  const res = await upload(
    validFields(fields),
    files ?? [{ filename: 'guide.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf() }],
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().resource as {
    id: string;
    files: { id: string; filename: string }[];
    [k: string]: unknown;
  };
}

const linkFor = async (resourceId: string, email: string | null = 'parent@example.org') => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/resources/generate-token',
    payload: { resource_id: resourceId, email },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { download_url: string; expires_at: string };
};

describe('POST /api/resources', () => {
  it('creates a resource with two files, assigned to a primary segment', async () => {
    const resource = await createResource({ segment_ids: [segmentId, otherSegmentId] }, [
      { filename: 'guide.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf() },
      { filename: 'Chart.PNG', contentType: 'image/png', content: SAMPLE_FILES.png() },
    ]);
    expect(resource).toMatchObject({
      title: 'Autism starter guide',
      category: 'autism',
      priority: 7,
      require_email: true,
      is_active: true,
      file_count: 2,
      download_count: 0,
    });
    expect(resource.files.map((f) => f.filename)).toEqual(['guide.pdf', 'Chart.PNG']);
    expect(resource.assigned_segments).toEqual([
      { id: segmentId, name: 'Urgent families', is_primary: true },
      { id: otherSegmentId, name: 'Second segment', is_primary: false },
    ]);
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/resources?segment=Urgent%20families`,
      headers: bearer(token),
    });
    expect(list.json().resources.map((r: { id: string }) => r.id)).toContain(resource.id);
  });

  it('checks title, description, files and segments in that order, and stores nothing on failure', async () => {
    const before = storedFiles().length;
    const pdf = [{ filename: 'a.pdf', content: SAMPLE_FILES.pdf() }];
    const cases: [Record<string, string | string[]>, MultipartFile[], string][] = [
      [validFields({ title: ' ', description: '' }), pdf, 'Title is required'],
      [validFields({ description: '' }), pdf, 'Description is required'],
      [validFields({ segment_ids: [] }), [], 'At least one file is required'],
      [validFields({ segment_ids: [] }), pdf, 'Please select at least one segment'],
      [
        validFields({ segment_ids: ['00000000-0000-4000-8000-000000000000'] }),
        pdf,
        'segment_ids: a segment does not exist',
      ],
      [validFields({ priority: '11' }), pdf, 'Priority must be from 1 to 10'],
    ];
    for (const [fields, files, message] of cases) {
      const res = await upload(fields, files);
      expect(res.statusCode, message).toBe(400);
      expect(res.json().error).toBe(message);
    }
    expect(storedFiles().length).toBe(before);
  });

  it('refuses a program renamed .pdf, a disallowed type and a path as a name, keeping what is stored', async () => {
    const kept = await createResource();
    const before = storedFiles().length;
    const exe = await upload(validFields(), [{ filename: 'guide.pdf', content: SAMPLE_FILES.exe() }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().error).toBe(
      'guide.pdf is not really a .pdf file (its content does not match its name)',
    );
    const passwd = await upload(validFields(), [{ filename: '../../etc/passwd', content: 'root:x:0:0' }]);
    expect(passwd.statusCode).toBe(400);
    expect(passwd.json().error).toContain(
      'passwd: Some files were skipped. Only these types are allowed: .pdf',
    );
    // A good file after a bad one: nothing of the request is kept.
    const mixed = await upload(validFields(), [
      { filename: 'ok.pdf', content: SAMPLE_FILES.pdf() },
      { filename: 'tool.exe', content: SAMPLE_FILES.exe() },
    ]);
    expect(mixed.statusCode).toBe(400);
    expect(storedFiles().length).toBe(before);
    // A path in a good file's name is cut to its last part; the bytes land under a server-made key.
    const traversal = await createResource({}, [{ filename: '../../evil.pdf', content: SAMPLE_FILES.pdf() }]);
    expect(traversal.files[0]!.filename).toBe('evil.pdf');
    expect(fs.existsSync(path.join(dataDir, 'evil.pdf'))).toBe(false);
    const still = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${kept.id}/files`,
      headers: bearer(token),
    });
    expect(still.json().files).toHaveLength(1);
  });

  it('answers 413 for a file over 50 MB, and keeps nothing of it', async () => {
    const before = storedFiles().length;
    const big = Buffer.alloc(60 * 1024 * 1024, 0x20);
    SAMPLE_FILES.pdf().copy(big);
    const res = await upload(validFields(), [{ filename: 'huge.pdf', content: big }]);
    expect(res.statusCode).toBe(413);
    expect(res.json().error).toBe('huge.pdf is larger than 50 MB');
    expect(storedFiles().length).toBe(before);
  });

  it('refuses uploads without a session', async () => {
    const body = multipart(validFields(), [{ filename: 'a.pdf', content: SAMPLE_FILES.pdf() }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: body.headers,
      payload: body.payload,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('download links', () => {
  it('streams a single-file resource with its name and type, counts it, and shows it in the stats', async () => {
    const resource = await createResource({}, [{ filename: 'Notes ü.txt', content: SAMPLE_FILES.txt() }]);
    const link = await linkFor(resource.id);
    expect(new Date(link.expires_at).getTime() - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    const res = await t.app.inject({ method: 'GET', url: link.download_url });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Notes _.txt"; filename*=UTF-8''Notes%20%C3%BC.txt`,
    );
    expect(res.body).toBe(SAMPLE_FILES.txt().toString());
    const stats = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/stats?days=7`,
      headers: bearer(token),
    });
    expect(stats.json()).toMatchObject({
      downloads: 1,
      unique_downloaders: 1,
      all_time_downloads: 1,
      days: 7,
    });
  });

  it('lists the files of a multi-file resource on a page, each downloadable', async () => {
    const resource = await createResource({}, [
      { filename: 'one.pdf', content: SAMPLE_FILES.pdf() },
      { filename: '<img src=x onerror=alert(1)>.png', content: SAMPLE_FILES.png() },
    ]);
    const link = await linkFor(resource.id);
    const pageRes = await t.app.inject({ method: 'GET', url: link.download_url });
    expect(pageRes.headers['content-type']).toContain('text/html');
    expect(pageRes.body).toContain('one.pdf');
    expect(pageRes.body).not.toContain('<img');
    expect(pageRes.body).toContain('&lt;img src=x onerror=alert(1)&gt;.png');
    const png = resource.files[1]!;
    const file = await t.app.inject({ method: 'GET', url: `${link.download_url}?file=${png.id}` });
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(SAMPLE_FILES.png())).toBe(true);
  });

  it('refuses tampered, expired and unknown links, and links of deleted resources, with a clear page', async () => {
    const resource = await createResource();
    const link = await linkFor(resource.id);
    const [payload, signature] = link.download_url.split('/').pop()!.split('.');
    const other = await createResource();
    const otherPayload = (await linkFor(other.id)).download_url.split('/').pop()!.split('.')[0];

    const tampered = await t.app.inject({
      method: 'GET',
      url: `/api/resources/download/${otherPayload}.${signature}`,
    });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('This download link is not valid');
    const garbage = await t.app.inject({ method: 'GET', url: '/api/resources/download/not-a-token' });
    expect(garbage.statusCode).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 86_400_000);
    const expired = await t.app.inject({
      method: 'GET',
      url: `/api/resources/download/${payload}.${signature}`,
    });
    expect(expired.statusCode).toBe(410);
    expect(expired.body).toContain('This download link has expired');
    vi.useRealTimers();

    const before = storedFiles().length;
    expect(
      (
        await t.app.inject({ method: 'DELETE', url: `/api/resources/${resource.id}`, headers: bearer(token) })
      ).json(),
    ).toEqual({ success: true });
    expect(storedFiles().length).toBe(before - 1);
    const gone = await t.app.inject({ method: 'GET', url: link.download_url });
    expect(gone.statusCode).toBe(404);
    expect(gone.body).toContain('This resource is no longer available');
    expect(gone.headers['content-type']).toContain('text/html');
  });

  it('asks for an email when the resource requires one, and refuses unknown or paused resources', async () => {
    const resource = await createResource();
    const noEmail = await t.app.inject({
      method: 'POST',
      url: '/api/resources/generate-token',
      payload: { resource_id: resource.id },
    });
    expect(noEmail.statusCode).toBe(400);
    expect(noEmail.json().error).toBe('An email address is required for this resource');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/resources/generate-token',
      payload: { resource_id: '00000000-0000-4000-8000-000000000000', email: 'a@b.org' },
    });
    expect(unknown.statusCode).toBe(404);
    const link = await linkFor(resource.id);
    await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resource.id}`,
      headers: bearer(token),
      payload: { is_active: false },
    });
    expect((await t.app.inject({ method: 'GET', url: link.download_url })).statusCode).toBe(404);
  });
});

describe('resource management', () => {
  it('edits, pauses, reassigns and deletes; unknown ids are 404', async () => {
    const resource = await createResource();
    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resource.id}`,
      headers: bearer(token),
      payload: { title: 'Renamed', priority: 9 },
    });
    expect(edited.json().resource).toMatchObject({
      title: 'Renamed',
      priority: 9,
      description: 'What to expect in the first weeks',
    });
    const bad = await t.app.inject({
      method: 'PUT',
      url: `/api/resources/${resource.id}`,
      headers: bearer(token),
      payload: { priority: 0 },
    });
    expect(bad.statusCode).toBe(400);
    const moved = await t.app.inject({
      method: 'POST',
      url: `/api/resources/${resource.id}/assign-segments`,
      headers: bearer(token),
      payload: { segment_ids: [otherSegmentId], clear_existing: true },
    });
    expect(moved.json().resource.assigned_segments).toEqual([
      { id: otherSegmentId, name: 'Second segment', is_primary: true },
    ]);
    const missing = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['PUT', `/api/resources/${missing}`],
      ['DELETE', `/api/resources/${missing}`],
      ['GET', `/api/resources/${missing}/stats`],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: bearer(token),
        ...(method === 'PUT' ? { payload: { title: 'x' } } : {}),
      });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ error: 'Resource not found' });
    }
  });

  it('lists a segment’s active resources publicly, primary first, at most the limit', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/resources/by-segment/${segmentId}?limit=2` });
    expect(res.statusCode).toBe(200);
    const list = res.json().resources as { id: string; title: string }[];
    expect(list.length).toBe(2);
    expect(Object.keys(list[0]!).sort()).toEqual([
      'category',
      'description',
      'file_count',
      'id',
      'priority',
      'title',
    ]);
    const byName = await t.app.inject({ method: 'GET', url: '/api/resources/by-segment/Urgent%20families' });
    expect(byName.json().resources.length).toBe(3);
  });
});
