import { isErrorCode } from '@scr/domain';
import { apiBase } from '../../../api/client.ts';
import { HttpError, NetworkError } from '../../../api/http.ts';
import { boundSession } from '../../../api/session-binding.ts';

/** Where an upload is: sending the file (0–1), or the server is reading it. */
export type UploadProgress = { phase: 'uploading'; fraction: number } | { phase: 'processing' };

/**
 * Posts a file as multipart form field `file` with XMLHttpRequest, because fetch cannot report
 * upload progress (releases spec §2 multi-upload: a progress bar, then "processing").
 */
export async function postFile<T>(
  path: string,
  file: File,
  onProgress: (progress: UploadProgress) => void,
): Promise<T> {
  const session = boundSession();
  const token = session ? await session.freshToken() : null;
  if (!token) {
    session?.unauthorized();
    throw new HttpError(401, 'not_authenticated', 'No access token found');
  }
  const url = `${apiBase}${path}`;
  const form = new FormData();
  form.append('file', file, file.name);
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) {
        onProgress({ phase: 'uploading', fraction: event.loaded / event.total });
      }
    };
    xhr.upload.onload = () => onProgress({ phase: 'processing' });
    xhr.onerror = () => reject(new NetworkError(url));
    xhr.onload = () => {
      const body = parse(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401) session?.unauthorized();
      reject(errorOf(xhr, body));
    };
    xhr.send(form);
  });
}

function parse(text: string): unknown {
  try {
    return text ? (JSON.parse(text) as unknown) : null;
  } catch {
    return null;
  }
}

function errorOf(xhr: XMLHttpRequest, body: unknown): HttpError {
  const record = typeof body === 'object' && body !== null ? (body as Record<string, unknown>) : {};
  const data = typeof record.data === 'object' && record.data !== null ? record.data : null;
  const code = data ? (data as { code?: unknown }).code : undefined;
  const message =
    typeof record.message === 'string' && record.message
      ? record.message
      : xhr.statusText || `HTTP ${xhr.status}`;
  return new HttpError(xhr.status, isErrorCode(code) ? code : null, message, data);
}
