import type { ErrorCode } from '../errors.ts';

/** Access spec §4 "Documents": the statuses a document goes through. */
export const documentStatuses = ['draft', 'toBeAccepted', 'accepted', 'rejected'] as const;
export type DocumentStatus = (typeof documentStatuses)[number];

/** What a user may do with a document; the answers list the ones allowed (`actions`). */
export const documentActions = ['view', 'edit', 'share', 'accept', 'reject'] as const;
export type DocumentAction = (typeof documentActions)[number];

/** The actions that move a document on, and the status each leads to. */
export type DocumentTransition = 'share' | 'accept' | 'reject';
export const statusAfter: Record<DocumentTransition, DocumentStatus> = {
  share: 'toBeAccepted',
  accept: 'accepted',
  reject: 'rejected',
};

/** The transition a requested status asks for (`PATCH documents/:id {status}`), if any. */
export function transitionTo(status: DocumentStatus): DocumentTransition | undefined {
  return (Object.keys(statusAfter) as DocumentTransition[]).find((t) => statusAfter[t] === status);
}

/** What the rules need to know of a document and of the organisation asking. */
export interface DocumentFacts {
  status: DocumentStatus;
  /** The caller's organisation created the document. */
  isCreator: boolean;
  /** The document is shared with the caller's organisation (the receiving organisation). */
  isReceiver: boolean;
}

/** Why an action is refused. */
export type DocumentRefusal = 'notVisible' | 'creatorOnly' | 'receiverOnly' | 'wrongStatus';

type Party = 'creator' | 'receiver' | 'either';

/**
 * Access spec §4 "Documents": share is allowed on a draft, by its organisation; accept and reject
 * on "to be accepted", by users of the non-creating (receiving) organisation; view and edit are
 * read-only for other organisations. Our reading of edit: the creating organisation edits a draft
 * only, so the receiver decides on exactly what was shared with it.
 */
const rules: Record<DocumentAction, { party: Party; statuses: readonly DocumentStatus[] }> = {
  view: { party: 'either', statuses: documentStatuses },
  edit: { party: 'creator', statuses: ['draft'] },
  share: { party: 'creator', statuses: ['draft'] },
  accept: { party: 'receiver', statuses: ['toBeAccepted'] },
  reject: { party: 'receiver', statuses: ['toBeAccepted'] },
};

/** Why the caller may not take this action on the document, or null when it may. */
export function documentRefusal(
  action: DocumentAction,
  facts: DocumentFacts,
): DocumentRefusal | null {
  // Another organisation's document is not there for the caller, unless shared with it.
  if (!facts.isCreator && !facts.isReceiver) return 'notVisible';
  const rule = rules[action];
  if (rule.party === 'creator' && !facts.isCreator) return 'creatorOnly';
  if (rule.party === 'receiver' && !facts.isReceiver) return 'receiverOnly';
  return rule.statuses.includes(facts.status) ? null : 'wrongStatus';
}

/** The actions the caller may take on the document, for the web to show only those. */
export function allowedDocumentActions(facts: DocumentFacts): DocumentAction[] {
  return documentActions.filter((action) => documentRefusal(action, facts) === null);
}

/** The catalogued error the server answers a refusal with. */
export const documentRefusalErrors: Record<DocumentRefusal, ErrorCode> = {
  notVisible: 'not_found',
  creatorOnly: 'forbidden',
  receiverOnly: 'forbidden',
  wrongStatus: 'conflict',
};
