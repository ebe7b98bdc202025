import { createHash, randomUUID } from 'node:crypto';
import { UPLOAD_RULES, type FileUpload, type StoredFileRef } from '@careslot/contracts';
import type { Connection } from './db';
import { fieldError } from './errors';

/**
 * Files patients upload (insurance card pictures, form answers), kept in the database (decision 0014). The
 * declared type must match what the bytes are: a file is recognised by its first bytes, never by its name.
 */
const SIGNATURES: { type: string; test: (b: Uint8Array) => boolean }[] = [
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  { type: 'image/png', test: (b) => b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47 },
  {
    type: 'image/webp',
    test: (b) =>
      String.fromCharCode(...b.subarray(0, 4)) === 'RIFF' &&
      String.fromCharCode(...b.subarray(8, 12)) === 'WEBP',
  },
  { type: 'application/pdf', test: (b) => String.fromCharCode(...b.subarray(0, 5)) === '%PDF-' },
];

export function sniffContentType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((s) => s.test(bytes))?.type ?? null;
}

export interface StoredFileRow {
  id: string;
  patient_id: string;
  purpose: string;
  name: string;
  content_type: string;
  size_bytes: number;
  content: Uint8Array;
}

/** Checks an upload (size, declared and real type) and returns its bytes, or a 400 naming the rule. */
export function checkUpload(upload: FileUpload, allowed: readonly string[], field = 'Data'): Buffer {
  if (!allowed.includes(upload.ContentType)) {
    throw fieldError('ContentType', 'file_type', `must be one of ${allowed.join(', ')}`);
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(upload.Data))
    throw fieldError(field, 'base64', 'must be the file encoded as base64');
  const bytes = Buffer.from(upload.Data, 'base64');
  if (bytes.length === 0) throw fieldError(field, 'file_empty', 'the file is empty');
  if (bytes.length > UPLOAD_RULES.maxBytes) throw fieldError(field, 'file_size', 'must be at most 5 MB');
  if (sniffContentType(bytes) !== upload.ContentType) {
    throw fieldError(field, 'file_type', `the file's content is not ${upload.ContentType}`);
  }
  return bytes;
}

export async function storeFile(
  db: Connection,
  input: {
    patientId: string;
    purpose: string;
    upload: FileUpload;
    bytes: Buffer;
    createdBy: string;
    now: Date;
  },
): Promise<StoredFileRef> {
  const id = randomUUID();
  // Path separators and control characters never reach a stored name (or a Content-Disposition header).
  const name = [...input.upload.Name]
    .map((c) => (c === '/' || c === '\\' || c.charCodeAt(0) < 32 ? '_' : c))
    .join('')
    .slice(0, 255);
  await db.query(
    `insert into stored_files (id, patient_id, purpose, name, content_type, size_bytes, sha256, content, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      id,
      input.patientId,
      input.purpose,
      name,
      input.upload.ContentType,
      input.bytes.length,
      createHash('sha256').update(input.bytes).digest('hex'),
      input.bytes,
      input.createdBy,
      input.now.toISOString(),
    ],
  );
  return { FileId: id, Name: name, ContentType: input.upload.ContentType, Size: input.bytes.length };
}

export async function findFile(db: Connection, id: string): Promise<StoredFileRow | null> {
  const rows = await db.query<StoredFileRow>(
    'select id, patient_id, purpose, name, content_type, size_bytes, content from stored_files where id = $1',
    [id],
  );
  return rows[0] ?? null;
}

export async function fileRefs(
  db: Connection,
  ids: string[],
): Promise<(StoredFileRef & { patientId: string; purpose: string })[]> {
  if (ids.length === 0) return [];
  const rows = await db.query<Omit<StoredFileRow, 'content'>>(
    'select id, patient_id, purpose, name, content_type, size_bytes from stored_files where id = any($1::uuid[])',
    [ids],
  );
  return rows.map((r) => ({
    FileId: r.id,
    Name: r.name,
    ContentType: r.content_type,
    Size: r.size_bytes,
    patientId: r.patient_id,
    purpose: r.purpose,
  }));
}
