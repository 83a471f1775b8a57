/**
 * Dates and moments in the administration as everywhere in the portal (issue 15: one format per
 * language, `DD/MM/YYYY` and `DD/MM/YYYY HH:mm` on the Brussels clock): `ui/formats.ts`.
 */
export { formatDay, formatMoment } from '../../../ui/formats.ts';
