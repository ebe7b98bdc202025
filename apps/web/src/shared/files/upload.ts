import { UPLOAD_RULES } from '@careslot/contracts';

/** Reads a file as base64 without its data: prefix. */
export function fileToBase64(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () =>
      resolve(typeof reader.result === 'string' ? reader.result.replace(/^data:[^,]*,/, '') : '');
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.readAsDataURL(file);
  });
}

/** The client-side check of an upload, the same rules the server applies (type and 5 MB). */
export function uploadProblem(
  file: File,
  allowed: readonly string[] = UPLOAD_RULES.contentTypes,
): 'fileType' | 'fileSize' | null {
  if (!allowed.includes(file.type)) return 'fileType';
  if (file.size > UPLOAD_RULES.maxBytes) return 'fileSize';
  return null;
}
