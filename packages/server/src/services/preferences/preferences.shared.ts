import type { Language } from '@scr/domain';
import type { NoticeGrouping } from './preferences.schema.ts';

/** Path and methods of the user's preferences (REST: GET and POST /api/preferences). */
export const preferencesPath = 'preferences';

export const preferencesMethods = ['find', 'create'] as const;

/** Access spec §3 "Preferences", as `find` and `create` answer them (every field filled in). */
export interface PreferencesView {
  hiddenColumns: { bl: string[]; container: string[] };
  options: {
    /** How notices of a transfer, and of an update, are grouped. */
    transferred: NoticeGrouping;
    updated: NoticeGrouping;
    /** Rows per page of the BL view and of the container view (spec §5: 50 at most). */
    limitBL: number;
    limitCT: number;
  };
  preferredLanguage: Language;
  releaseTransferEmail: boolean;
  releaseUpdateEmail: boolean;
}
