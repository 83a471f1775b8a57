import type { OrganizationRole, ReleaseNoticePayload } from '@scr/domain';

/** What the overview does with a live release notice. */
export type LiveReaction = 'prompt' | 'refresh' | 'ignore';

export interface Viewer {
  role: OrganizationRole;
  organizationAddress: string;
  /** The signed-in user: their own changes are never announced to them (issue 15). */
  userId?: number;
}

/**
 * Releases spec §4 "Live notifications": the prompt to refresh is shown only to non-carriers
 * whose organisation the notice is for (each organisation's copy names it). A carrier gets no
 * prompt; its overview refreshes by itself instead, because the notices a carrier receives are
 * changes to its own releases (made by a colleague, its own systems over the API, or the chain)
 * and a stale row there would let it edit or delete from old data. Issue 15: a change the viewer
 * made (named by the notice's `by.userId`, which only the acting organisation hears) refreshes
 * the overview quietly too; it is never announced as somebody else's.
 */
export function liveReaction(notice: ReleaseNoticePayload, viewer: Viewer): LiveReaction {
  if (viewer.role === 'carrier') return 'refresh';
  if (viewer.userId !== undefined && notice.by?.userId === viewer.userId) return 'refresh';
  const target = typeof notice.organizationAddress === 'string' ? notice.organizationAddress : '';
  return target.toLowerCase() === viewer.organizationAddress.toLowerCase() ? 'prompt' : 'ignore';
}
