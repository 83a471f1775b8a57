import {
  servicePaths,
  type BulkClassifyAnswer,
  type BulkFileAnswer,
  type BulkPair,
} from '@scr/domain';
import { createContext, useContext, type ReactNode } from 'react';
import { api } from '../../../api/client.ts';
import { postFile, type UploadProgress } from '../api/upload-request.ts';

/**
 * The bulk operations' calls (issue 13 item 1): read a file's pairs (a multipart upload, with
 * its progress), classify pairs. Behind one interface so tests put a fake in its place
 * (`BulkApiProvider`); the actions themselves are the custody calls of the releases API.
 */
export interface BulkCalls {
  readFile(file: File, onProgress: (progress: UploadProgress) => void): Promise<BulkFileAnswer>;
  classify(pairs: readonly BulkPair[]): Promise<BulkClassifyAnswer>;
}

export const httpBulkCalls: BulkCalls = {
  readFile: (file, onProgress) => postFile(servicePaths.bulkFiles, file, onProgress),
  classify: async (pairs) =>
    (await api
      .service(servicePaths.bulkClassifications)
      .create({ pairs: [...pairs] })) as BulkClassifyAnswer,
};

const BulkApiContext = createContext<BulkCalls>(httpBulkCalls);

export function BulkApiProvider({ calls, children }: { calls: BulkCalls; children: ReactNode }) {
  return <BulkApiContext.Provider value={calls}>{children}</BulkApiContext.Provider>;
}

export function useBulkApi(): BulkCalls {
  return useContext(BulkApiContext);
}
