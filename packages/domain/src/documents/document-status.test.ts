import { describe, expect, it } from 'vitest';
import {
  allowedDocumentActions,
  documentRefusal,
  documentRefusalErrors,
  documentStatuses,
  statusAfter,
  transitionTo,
  type DocumentFacts,
} from './document-status.ts';

const creator = (status: DocumentFacts['status']): DocumentFacts => ({
  status,
  isCreator: true,
  isReceiver: false,
});
const receiver = (status: DocumentFacts['status']): DocumentFacts => ({
  status,
  isCreator: false,
  isReceiver: true,
});
const stranger = (status: DocumentFacts['status']): DocumentFacts => ({
  status,
  isCreator: false,
  isReceiver: false,
});

describe('access spec §4 "Documents": statuses and who may move a document on', () => {
  it('has the statuses draft, to be accepted, accepted and rejected', () => {
    expect(documentStatuses).toEqual(['draft', 'toBeAccepted', 'accepted', 'rejected']);
  });

  it('"Share is allowed on draft": by the creating organisation, on a draft only', () => {
    expect(documentRefusal('share', creator('draft'))).toBeNull();
    for (const status of ['toBeAccepted', 'accepted', 'rejected'] as const)
      expect(documentRefusal('share', creator(status))).toBe('wrongStatus');
    expect(documentRefusal('share', receiver('draft'))).toBe('creatorOnly');
    expect(statusAfter.share).toBe('toBeAccepted');
  });

  it('"Accept and Reject are allowed on to be accepted for users of a non-creating organisation"', () => {
    for (const action of ['accept', 'reject'] as const) {
      expect(documentRefusal(action, receiver('toBeAccepted'))).toBeNull();
      expect(documentRefusal(action, creator('toBeAccepted'))).toBe('receiverOnly');
      for (const status of ['draft', 'accepted', 'rejected'] as const)
        expect(documentRefusal(action, receiver(status))).toBe('wrongStatus');
    }
    expect(statusAfter).toMatchObject({ accept: 'accepted', reject: 'rejected' });
  });

  it('"View/Edit is read-only for other organisations": the receiver views, only the creator edits a draft', () => {
    expect(allowedDocumentActions(receiver('toBeAccepted'))).toEqual(['view', 'accept', 'reject']);
    expect(allowedDocumentActions(receiver('accepted'))).toEqual(['view']);
    expect(allowedDocumentActions(creator('draft'))).toEqual(['view', 'edit', 'share']);
    expect(allowedDocumentActions(creator('toBeAccepted'))).toEqual(['view']);
    expect(documentRefusal('edit', receiver('draft'))).toBe('creatorOnly');
    expect(documentRefusal('edit', creator('rejected'))).toBe('wrongStatus');
  });

  it("another organisation's document, not shared with it, is not there at all (not found)", () => {
    for (const status of documentStatuses) {
      expect(allowedDocumentActions(stranger(status))).toEqual([]);
      expect(documentRefusal('view', stranger(status))).toBe('notVisible');
    }
    expect(documentRefusalErrors).toEqual({
      notVisible: 'not_found',
      creatorOnly: 'forbidden',
      receiverOnly: 'forbidden',
      wrongStatus: 'conflict',
    });
  });

  it('reads a requested status as its transition; draft is no transition', () => {
    expect(transitionTo('toBeAccepted')).toBe('share');
    expect(transitionTo('accepted')).toBe('accept');
    expect(transitionTo('rejected')).toBe('reject');
    expect(transitionTo('draft')).toBeUndefined();
  });
});
