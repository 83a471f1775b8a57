import { servicePaths } from '@scr/domain';

/** Path of the multi-upload service (REST: POST /api/release-uploads). */
export const releaseUploadsPath = servicePaths.releaseUploads;

/** The answer's shapes (releases spec §5 "Multi-upload") are the contract's, in domain `api/`. */
export type { UploadResult, UploadRowResult } from '@scr/domain';
