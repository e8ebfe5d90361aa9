import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll } from 'vitest';
import { testOrigin, type TestAppHandle } from '../../../../test/app.ts';
import { freshIp } from '../../../../test/factories.ts';

/** Test data and helpers of the application tests (not a test file itself). */

export const validFields = {
  storeName: 'Işık Optik & Gözlük',
  authorizedPerson: 'Çağrı Öztürk',
  email: 'cagri@isikoptik.com.tr',
  phone: '05321234567',
  cityDistrict: 'İzmir',
  district: 'Karşıyaka',
  taxNumber: '1234567890',
  utsNumber: '1234567890123',
  additionalInfo: 'İki şubemiz var.',
  applicantType: 'store',
};

let counter = 0;
/** Valid fields with an e-mail and tax number no other application of the file used. */
export function uniqueFields(overrides: Partial<typeof validFields> = {}) {
  counter++;
  return {
    ...validFields,
    email: `magaza${counter}@ornek-optik.com.tr`,
    taxNumber: String(1000000000 + counter * 7919).slice(0, 10),
    ...overrides,
  };
}

/** A small real PDF. */
export const pdfBytes = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  'latin1',
);
/** A 1×1 PNG. */
export const pngBytes = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
export const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0gövde')]);
/** The start of a Windows executable. */
export const exeBytes = Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00]), Buffer.alloc(256, 1)]);

export interface FilePart {
  name: string;
  bytes: Uint8Array;
  /** The declared type; the server ignores it. */
  type?: string;
  field?: string;
}

/** A multipart/form-data body built the way browsers build it (FormData serialised by Response), with any files. */
export async function multipartBody(fields: Record<string, string | undefined>, files?: FilePart | FilePart[]) {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) form.append(key, value);
  for (const file of files === undefined ? [] : [files].flat())
    form.append(
      file.field ?? 'document',
      new Blob([file.bytes], { type: file.type ?? 'application/octet-stream' }),
      file.name,
    );
  const response = new Response(form);
  return { payload: Buffer.from(await response.arrayBuffer()), contentType: response.headers.get('content-type')! };
}

/** POST /api/applications as the browser sends it (our Origin, no cookie). */
export async function postApplication(
  t: TestAppHandle,
  fields: Record<string, string | undefined>,
  file?: FilePart,
  ip = freshIp(),
) {
  const { payload, contentType } = await multipartBody(fields, file);
  return t.app.inject({
    method: 'POST',
    url: '/api/applications',
    headers: { 'content-type': contentType, origin: testOrigin, 'user-agent': 'vitest-browser' },
    payload,
    remoteAddress: ip,
  });
}

/** A private uploads folder for one test app, removed after the file's tests. */
export function tempUploadsDir(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'optistok-uploads-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Every file (not folder) under `dir`, relative paths. */
export function filesUnder(dir: string): string[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
  } catch {
    return [];
  }
}
