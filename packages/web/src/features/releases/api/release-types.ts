import type { ContainerRow } from '@scr/domain';

/** `GET /api/preferences` (releases spec §5 "Stored preferences", access spec §5). */
export interface Preferences {
  hiddenColumns: { bl?: string[]; container?: string[] };
  options: {
    limitBL?: unknown;
    limitCT?: unknown;
    /** E-mail notices per container or per BL (the settings page's). */
    transferred?: string;
    updated?: string;
  };
  preferredLanguage?: string | null;
  releaseTransferEmail?: boolean;
  releaseUpdateEmail?: boolean;
}

/** What `POST /api/preferences` upserts: any part of the above. */
export type PreferencesChange = Partial<Preferences>;

/**
 * One release of a `PATCH` or `DELETE /api/releases` answer: the release as it is now, or why
 * it was refused (`not_found`, `deleted`, `gateout`, `archived`, `conflict`, or
 * `validation_failed` with field → translation key).
 */
export interface ReleasePatchResult {
  address: string;
  release?: ContainerRow;
  error?: string;
  fields?: Record<string, string>;
}

/** One data row of an uploaded file: created, or the problems per field. */
export interface UploadRowResult {
  row: number;
  blNumber: string | null;
  containerNumber: string | null;
  /** Translation keys (`releases.validation.*`) per field, or plain messages. */
  errors?: Record<string, string> | string[] | null;
}

/** `POST /api/release-uploads` (releases spec §5 "Multi-upload of releases"). */
export interface UploadReport {
  fileName: string;
  /** The name the file was kept under: a repeated name gets a numeric suffix. */
  storedName: string;
  created: number;
  failed: number;
  rows: UploadRowResult[];
}

/** A terminal as `GET /api/terminals` answers it (only what the releases pages use). */
export interface TerminalOption {
  code: string;
  name: string;
  portLocode: string;
  portName: string;
}

/** A port as `GET /api/ports` answers it, sorted by name. */
export interface PortOption {
  locode: string;
  name: string;
  country: string;
}

/** A live `releases` event (releases spec §4 "Live notifications"), for the viewer's chain only. */
export interface ReleaseEvent {
  event: 'created' | 'patched' | 'removed';
  address: string;
  blNumber: string;
  containerNumber: string;
  operation: string;
  /** The organisations the change concerns. */
  organizationAddresses: string[];
}
