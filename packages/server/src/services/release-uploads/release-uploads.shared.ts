/** Path of the multi-upload service (REST: POST /api/release-uploads). */
export const releaseUploadsPath = 'release-uploads';

/** One data row of an uploaded file and what became of it. */
export interface UploadRowResult {
  /** The row number in the sheet (the header is row 1). */
  row: number;
  blNumber: string;
  containerNumber: string;
  /** Set when the row became a release. */
  address?: string;
  /** Field → translation key, when the row was not created. */
  errors?: Record<string, string>;
}

/** The answer to an upload (releases spec §5 "Multi-upload"). */
export interface UploadResult {
  fileName: string;
  /** The name it is kept under: repeated names get a numeric suffix (`releases (1).xlsx`). */
  storedName: string;
  created: number;
  failed: number;
  rows: UploadRowResult[];
}
