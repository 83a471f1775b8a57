import type { ServicePath } from '@scr/domain';
import { apiBase, sessionToken } from '../../../api/client.ts';
import { errorFromAnswer, NetworkError, parseBody } from '../../../api/http.ts';
import { boundSession } from '../../../api/session-binding.ts';

/** Where an upload is: sending the file (0–1), or the server is reading it. */
export type UploadProgress = { phase: 'uploading'; fraction: number } | { phase: 'processing' };

/**
 * Posts a file as multipart form field `file` to `/api/{path}` with XMLHttpRequest: the one
 * portal call outside the Feathers client, because neither fetch nor the Feathers REST client
 * can report upload progress (releases spec §2 multi-upload: a progress bar, then
 * "processing"). It shares the client's token rule (`sessionToken`) and the reading of a
 * refused answer (`errorFromAnswer`), so its failures look like any other call's.
 */
export async function postFile<T>(
  path: ServicePath,
  file: File,
  onProgress: (progress: UploadProgress) => void,
  /** Aborts the request (issue 15: cancel while uploading); it then rejects with `AbortError`. */
  signal?: AbortSignal,
): Promise<T> {
  const token = await sessionToken();
  const url = `${apiBase}/${path}`;
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
    const cancelled = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    xhr.onabort = cancelled;
    if (signal?.aborted) return cancelled();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      if (xhr.status === 401) void boundSession()?.unauthorized();
      reject(errorFromAnswer(xhr.status, xhr.statusText, body));
    };
    xhr.send(form);
  });
}
