import {
  downloadCountHeader,
  servicePaths,
  type DownloadFileRequest,
  type DownloadGroup,
  type DownloadRowsHead,
  type DownloadRowsRequest,
} from '@scr/domain';
import { createContext, useContext } from 'react';
import { apiBase, sessionToken } from '../../../api/client.ts';
import { errorFromAnswer, NetworkError, parseBody } from '../../../api/http.ts';
import { boundSession } from '../../../api/session-binding.ts';

/** How far a download is: releases or bytes received of how many (null: not known yet). */
export interface DownloadProgress {
  done: number;
  total: number | null;
}

/** The downloads' two calls (releases spec §7), behind a context so tests can replace them. */
export interface DownloadCalls {
  /** `POST /releases/download`: the file the server streams (never with pincodes). */
  file(request: DownloadFileRequest, onProgress: (p: DownloadProgress) => void): Promise<Blob>;
  /** `POST /releases/download/get`: the head, then each BL group as it arrives. */
  rows(
    request: DownloadRowsRequest,
    onProgress: (p: DownloadProgress) => void,
  ): Promise<{ head: DownloadRowsHead; groups: DownloadGroup[] }>;
}

/**
 * A streamed answer of the portal's API: like every call, the session's token and the
 * catalogue's errors (a 401 ends the session); fetch, not the Feathers client, because the
 * body is read as it arrives (issue 13 item 2: large exports stream, with progress).
 */
async function post(path: string, body: object): Promise<Response> {
  const token = await sessionToken();
  const url = `${apiBase}/${path}`;
  let response: Response;
  try {
    response = await fetch(url, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${token}`,
        'Content-Type': 'application/json',
        Accept: '*/*',
      },
      body: JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(url, { cause: error });
  }
  if (!response.ok) {
    if (response.status === 401) void boundSession()?.unauthorized();
    throw errorFromAnswer(response.status, response.statusText, parseBody(await response.text()));
  }
  return response;
}

/** Reads a body chunk by chunk, telling how many bytes came. */
async function* chunksOf(response: Response, onBytes: (bytes: number) => void) {
  const reader = response.body!.getReader();
  let bytes = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    bytes += value.byteLength;
    onBytes(bytes);
    yield value;
  }
}

/** A rough size per release and format, so a streamed file's bar moves (the server can't know). */
const bytesPerRelease = { pdf: 190, xlsx: 75, csv: 200 } as const;

export const httpDownloadCalls: DownloadCalls = {
  async file(request, onProgress) {
    const response = await post(servicePaths.releaseDownload, request);
    const count = Number(response.headers.get(downloadCountHeader) ?? 0);
    const expected = Math.max(1, count * bytesPerRelease[request.format]);
    const parts: BlobPart[] = [];
    for await (const chunk of chunksOf(response, (bytes) =>
      onProgress({ done: Math.min(bytes, expected * 0.95), total: expected }),
    )) {
      parts.push(chunk as Uint8Array<ArrayBuffer>);
    }
    onProgress({ done: expected, total: expected });
    return new Blob(parts, { type: response.headers.get('content-type') ?? undefined });
  },

  async rows(request, onProgress) {
    const response = await post(servicePaths.releaseDownloadRows, request);
    const decoder = new TextDecoder();
    let pending = '';
    let head: DownloadRowsHead | null = null;
    const groups: DownloadGroup[] = [];
    let received = 0;
    const take = (line: string) => {
      if (!line.trim()) return;
      const value = JSON.parse(line) as DownloadRowsHead | DownloadGroup;
      if (!head) {
        head = value as DownloadRowsHead;
      } else {
        groups.push(value as DownloadGroup);
        received += (value as DownloadGroup).containers.length;
      }
      onProgress({ done: received, total: head.total });
    };
    for await (const chunk of chunksOf(response, () => {})) {
      pending += decoder.decode(chunk, { stream: true });
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      lines.forEach(take);
    }
    take(pending + decoder.decode());
    if (!head) throw new NetworkError(`${apiBase}/${servicePaths.releaseDownloadRows}`);
    return { head, groups };
  },
};

export const DownloadCallsContext = createContext<DownloadCalls>(httpDownloadCalls);

export const useDownloadCalls = () => useContext(DownloadCallsContext);
