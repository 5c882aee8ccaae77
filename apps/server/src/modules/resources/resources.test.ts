import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { multipart, SAMPLE_FILES, type MultipartFile } from '../../test/multipart';
import {
  bearer,
  createTestApp,
  DEFAULT_ADMIN,
  freshAddress,
  loginToken,
  queryRows,
  type TestApp,
} from '../../test/test-app';
import { cleanPdf, pdfWithCatalog, pdfWithOpenActionScript } from '../../security/test-fixtures/pdf-files';
import { docxBomb, makeDocx } from '../../security/test-fixtures/zip-files';

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

const tokenOf = (downloadUrl: string) => downloadUrl.split('?')[0]!.split('/').pop()!;

/** Enrols a parent whose timeline puts them in 'Urgent families'; answers the links they were given. */
async function enrol(email: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/widget/submit-lead',
    remoteAddress: freshAddress(),
    payload: {
      visitorId: `visitor-${email}`,
      leadData: {
        parentName: 'Sam Lee',
        email,
        phone: '(555) 010-2233',
        phoneConsent: 'yes',
        timeline: 'Immediately',
      },
      children: [{ name: 'Kim', age: 6, special_needs: ['Autism / ASD'], current_support: '' }],
      website: '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().recommendedResources as { id: string; downloadUrl: string }[];
}

async function leadDownloads(email: string) {
  const [lead] = await queryRows(
    t.database,
    sql`select resource_downloads, lead_score from leads where email = ${email}`,
  );
  return lead as { resource_downloads: number; lead_score: number };
}

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

  it('answers a JSON body with the one error shape, asking for multipart', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/resources',
      headers: { authorization: `Bearer ${token}` },
      payload: { title: 'Guide' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ error: 'Send the resource as multipart/form-data' });
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
    const linkToken = tokenOf(link.download_url);
    const flipped = `${linkToken.slice(0, -1)}${linkToken.endsWith('A') ? 'B' : 'A'}`;

    const tampered = await t.app.inject({ method: 'GET', url: `/api/resources/download/${flipped}` });
    expect(tampered.statusCode).toBe(400);
    expect(tampered.body).toContain('This download link is not valid');
    const garbage = await t.app.inject({ method: 'GET', url: '/api/resources/download/not-a-token' });
    expect(garbage.statusCode).toBe(400);

    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + 8 * 86_400_000);
    const expired = await t.app.inject({ method: 'GET', url: link.download_url });
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

describe('download link tokens', () => {
  it('are opaque: a random token that reveals nothing of the parent, stored only as its hash', async () => {
    const resource = await createResource();
    const link = await linkFor(resource.id, 'private.parent@example.org');
    const linkToken = tokenOf(link.download_url);
    expect(linkToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const decoded = Buffer.from(linkToken, 'base64url').toString('latin1');
    expect(decoded).not.toContain('private.parent');
    expect(decoded).not.toContain(resource.id);
    const stored = await queryRows(
      t.database,
      sql`select * from resource_download_links where resource_id = ${resource.id}::uuid`,
    );
    expect(stored).toHaveLength(1);
    expect(JSON.stringify(stored)).not.toContain(linkToken);
    expect(stored[0]).toMatchObject({ issued_by: 'public', lead_id: null });
  });

  it('never writes a link token to the logs, whether followed, refused or on a later link path', async () => {
    const resource = await createResource();
    const link = await linkFor(resource.id);
    const linkToken = tokenOf(link.download_url);
    const from = t.logs.length;
    expect((await t.app.inject({ method: 'GET', url: link.download_url })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: `${link.download_url}x` })).statusCode).toBe(400);
    // Approval and unsubscribe links: not served yet, so these also log a 'not found'.
    for (const url of [
      `/preview/${linkToken}`,
      `/api/campaigns/preview/${linkToken}/approve`,
      `/unsubscribe/${linkToken}`,
      `/api/unsubscribe/${linkToken}?reason=x`,
      `/api/resources/other?token=${linkToken}`,
    ])
      await t.app.inject({ method: 'GET', url });
    const written = t.logs.slice(from).join('\n');
    expect(written).toContain('/api/resources/download/[redacted]');
    for (let i = 0; i + 20 <= linkToken.length; i++)
      expect(written).not.toContain(linkToken.slice(i, i + 20));
  });
});

describe('downloads counted on a lead', () => {
  it('counts only links the server issued to the lead, never one anyone can ask for with their email', async () => {
    const resource = await createResource({ title: 'Counted guide', priority: '10' });
    const email = 'counted.parent@example.org';
    const issued = (await enrol(email)).find((r) => r.id === resource.id);
    expect(issued).toBeDefined();
    const before = await leadDownloads(email);
    expect(before.resource_downloads).toBe(0);

    const stranger = await linkFor(resource.id, email);
    expect((await t.app.inject({ method: 'GET', url: stranger.download_url })).statusCode).toBe(200);
    expect(await leadDownloads(email)).toEqual(before);
    const files = await t.app.inject({
      method: 'GET',
      url: `/api/resources?segment=${segmentId}`,
      headers: bearer(token),
    });
    const counted = files.json().resources.find((r: { id: string }) => r.id === resource.id);
    expect(counted.download_count).toBe(1);

    expect((await t.app.inject({ method: 'GET', url: issued!.downloadUrl })).statusCode).toBe(200);
    const after = await leadDownloads(email);
    expect(after.resource_downloads).toBe(1);
    expect(after.lead_score).toBeGreaterThan(before.lead_score);
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

describe('uploads refused before they are stored', () => {
  const SCRIPT_REFUSAL =
    'This PDF contains JavaScript or actions that run when it is opened, and cannot be offered to parents. Please export it again without them.';

  it('refuses a PDF that runs JavaScript when opened, however the script is written', async () => {
    const before = storedFiles().length;
    const scripted = [
      pdfWithOpenActionScript(),
      pdfWithCatalog('/OpenAction << /S /J#61vaScript /J#53 (app.alert\\(1\\)) >>'),
      pdfWithCatalog('/OpenAction 4 0 R', ['<< /S /JavaScript /JS (app.alert\\(1\\)) >>'], [1, 4]),
      pdfWithCatalog('/OpenAction << /S /Launch /F (cmd.exe) >>'),
    ];
    for (const [i, content] of scripted.entries()) {
      const res = await upload(validFields(), [
        { filename: 'guide.pdf', content },
        { filename: 'notes.txt', content: SAMPLE_FILES.txt() },
      ]);
      expect(res.statusCode, `case ${i}`).toBe(400);
      expect(res.json().error).toBe(`guide.pdf: ${SCRIPT_REFUSAL}`);
    }
    expect(storedFiles().length).toBe(before);
  });

  it('accepts an ordinary PDF and DOCX', async () => {
    const resource = await createResource({}, [
      { filename: 'guide.pdf', content: await cleanPdf() },
      { filename: 'welcome.docx', content: makeDocx() },
    ]);
    expect(resource.files.map((f) => f.filename)).toEqual(['guide.pdf', 'welcome.docx']);
  });

  it('refuses a DOCX zip bomb, also one that understates its size, and stores nothing of it', async () => {
    const before = storedFiles().length;
    for (const bomb of [docxBomb(), docxBomb(40 * 1024 * 1024, 1000)]) {
      expect(bomb.length).toBeLessThan(100_000);
      const res = await upload(validFields(), [{ filename: 'guide.docx', content: bomb }]);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(
        'guide.docx would expand to more than 10 MB when opened, far more than any ordinary document, so it was refused. Please save it again and upload that copy.',
      );
    }
    expect(storedFiles().length).toBe(before);
  });

  it('stores, lists and sends a file name without its bidi, invisible or control characters', async () => {
    const resource = await createResource({}, [
      { filename: 'report\u202Egnp\u200B.exe\u2066\u0085.png', content: SAMPLE_FILES.png() },
    ]);
    expect(resource.files[0]!.filename).toBe('reportgnp.exe.png');
    const files = await t.app.inject({
      method: 'GET',
      url: `/api/resources/${resource.id}/files`,
      headers: bearer(token),
    });
    expect(files.json().files[0].filename).toBe('reportgnp.exe.png');
    const download = await t.app.inject({ method: 'GET', url: (await linkFor(resource.id)).download_url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="reportgnp.exe.png"; filename*=UTF-8''reportgnp.exe.png`,
    );
  });
});

describe('audit log', () => {
  it('records who created a resource, with its file count, and who deleted it', async () => {
    const resource = await createResource({}, [
      { filename: 'one.pdf', contentType: 'application/pdf', content: SAMPLE_FILES.pdf() },
      { filename: 'two.txt', content: SAMPLE_FILES.txt() },
    ]);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/resources/${resource.id}`,
      headers: bearer(token),
    });
    expect(deleted.statusCode).toBe(200);
    const events = await queryRows(
      t.database,
      sql`select e.action, e.details, e.ip, e.actor_id = u.id as by_admin
        from audit_events e left join admin_users u on u.email = ${DEFAULT_ADMIN.email}
        where e.details->>'resourceId' = ${resource.id}`,
    );
    expect(Object.fromEntries(events.map((e) => [e.action as string, e.details]))).toEqual({
      'resource.created': { resourceId: resource.id, files: 2 },
      'resource.deleted': { resourceId: resource.id },
    });
    expect(events).toHaveLength(2);
    for (const e of events) expect(e).toMatchObject({ by_admin: true, ip: expect.any(String) });
  });
});
