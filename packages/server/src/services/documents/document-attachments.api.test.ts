import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestServer } from '../../test/start-app.ts';
import { pdfBase64 } from '../requests-for-release/requests-test-kit.ts';
import { documentsKit, orderBody } from './documents-kit.ts';

let server: TestServer;
let kit: ReturnType<typeof documentsKit>;

beforeAll(async () => {
  server = await startTestApp();
  kit = documentsKit(server);
});
afterAll(() => server?.stop());

const attach = (token: string, docId: number, fields: Record<string, unknown> = {}) =>
  kit.api('document-attachments', {
    method: 'POST',
    token,
    body: { docId, name: 'order.pdf', ref: 'Signed order', contentBase64: pdfBase64, ...fields },
  });
const download = (token: string, id: number) => kit.api(`document-attachments/${id}`, { token });

/** A creator and a connected receiver, and a draft of the creator's. */
async function draftOfConnectedPair() {
  const [from, to] = await Promise.all([kit.organization(), kit.organization()]);
  await kit.connect(from, to);
  const created = await kit.create(from.tokens[0]!, orderBody());
  return { from, to, docId: created.body.id as number };
}

describe('access spec §3 "Document": attachments (name, ref, content)', () => {
  it('the creating organisation attaches a file to its draft, checked by content, and removes it', async () => {
    const { from, docId } = await draftOfConnectedPair();
    const added = await attach(from.tokens[1]!, docId, { name: ' order.pdf ' });
    expect(added.status).toBe(201);
    expect(added.body.attachments).toEqual([
      {
        id: expect.any(Number),
        name: 'order.pdf',
        ref: 'Signed order',
        contentType: 'application/pdf',
        size: Buffer.from(pdfBase64, 'base64').length,
      },
    ]);
    const [attachment] = added.body.attachments;
    expect((await kit.get(from.tokens[0]!, docId)).body.attachments).toHaveLength(1);
    const content = await download(from.tokens[0]!, attachment.id);
    expect(content.body).toEqual({
      id: attachment.id,
      name: 'order.pdf',
      contentType: 'application/pdf',
      contentBase64: pdfBase64,
    });
    const removed = await kit.api(`document-attachments/${attachment.id}`, {
      method: 'DELETE',
      token: from.tokens[0],
    });
    expect(removed.status).toBe(200);
    expect(removed.body.attachments).toEqual([]);
    expect((await download(from.tokens[0]!, attachment.id)).status).toBe(404);
  });

  it('refuses a file whose content is not what its name says, a bad ref, or not base64 (400)', async () => {
    const { from, docId } = await draftOfConnectedPair();
    const text = Buffer.from('MZ not a pdf').toString('base64');
    const renamed = await attach(from.tokens[0]!, docId, { contentBase64: text });
    expect(renamed.status).toBe(400);
    expect(renamed.body.data).toMatchObject({
      code: 'validation_failed',
      fields: { file: 'requestsForRelease.validation.fileType' },
    });
    const exe = await attach(from.tokens[0]!, docId, { name: 'run.exe' });
    expect(exe.body.data.fields).toEqual({ file: 'requestsForRelease.validation.fileType' });
    const notBase64 = await attach(from.tokens[0]!, docId, { contentBase64: '%%%' });
    expect(notBase64.body.data.fields).toEqual({ file: 'requestsForRelease.validation.fileEmpty' });
    const badRef = await attach(from.tokens[0]!, docId, { ref: 'x'.repeat(101) });
    expect(badRef.body.data.fields).toEqual({ ref: 'requestsForRelease.validation.textFormat' });
    expect((await kit.get(from.tokens[0]!, docId)).body.attachments).toEqual([]);
  });

  it('refuses more files than a request for release may carry', async () => {
    const { from, docId } = await draftOfConnectedPair();
    for (let i = 0; i < 5; i += 1) expect((await attach(from.tokens[0]!, docId)).status).toBe(201);
    const sixth = await attach(from.tokens[0]!, docId);
    expect(sixth.body.data.fields).toEqual({ file: 'requestsForRelease.validation.tooManyFiles' });
  });

  it('after sharing the attachments are read-only: the receiver downloads, nobody changes them', async () => {
    const { from, to, docId } = await draftOfConnectedPair();
    const added = await attach(from.tokens[0]!, docId);
    const attachmentId = added.body.attachments[0].id;
    expect((await kit.share(from.tokens[0]!, docId, to.address)).status).toBe(201);
    // §4: only a draft is edited; the receiver decides on what was shared with it.
    expect((await attach(from.tokens[0]!, docId)).status).toBe(409);
    const remove = (token: string) =>
      kit.api(`document-attachments/${attachmentId}`, { method: 'DELETE', token });
    expect((await remove(from.tokens[0]!)).status).toBe(409);
    expect((await attach(to.tokens[0]!, docId)).status).toBe(403);
    expect((await remove(to.tokens[0]!)).status).toBe(403);
    const seen = await kit.get(to.tokens[1]!, docId);
    expect(seen.body.attachments).toEqual([expect.objectContaining({ name: 'order.pdf' })]);
    const content = await download(to.tokens[1]!, attachmentId);
    expect(content.status).toBe(200);
    expect(content.body.contentBase64).toBe(pdfBase64);
  });

  it("another organisation's attachments (and a draft not shared yet) answer not found", async () => {
    const { from, to, docId } = await draftOfConnectedPair();
    const stranger = await kit.organization();
    const added = await attach(from.tokens[0]!, docId);
    const attachmentId = added.body.attachments[0].id;
    // The connected organisation does not see a draft that was not shared with it.
    for (const token of [stranger.tokens[0]!, to.tokens[0]!]) {
      expect((await download(token, attachmentId)).body.data.code).toBe('not_found');
      expect((await attach(token, docId)).status).toBe(404);
      const removed = await kit.api(`document-attachments/${attachmentId}`, {
        method: 'DELETE',
        token,
      });
      expect(removed.status).toBe(404);
    }
    expect((await download(from.tokens[0]!, 999_999_999)).status).toBe(404);
  });

  it('access spec §2: an organisation without canDocuments gets no attachment', async () => {
    const { from, docId } = await draftOfConnectedPair();
    const added = await attach(from.tokens[0]!, docId);
    const token = await kit.withoutDocuments(from);
    const answer = await download(token, added.body.attachments[0].id);
    expect(answer.body.data.code).toBe('subscription_required');
  });
});
