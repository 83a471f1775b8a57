import { describe, expect, it } from 'vitest';
import type { CoreorAnswer, CoreorMessageAnswer } from '../api/coreor.ts';
import { aperakInterchange } from './aperak.ts';
import { componentOf, tokenizeEdifact, type EdifactSegment } from './tokenizer.ts';

const release = (
  containerNumber: string,
  status: 'accepted' | 'rejected' | 'duplicate',
  errors: CoreorMessageAnswer['releases'][number]['errors'] = [],
) => ({ blNumber: 'MSCUAN123456', containerNumber, action: 'create' as const, status, errors });

const answer: CoreorAnswer = {
  fileName: 'coreor.edi',
  interchangeReference: 'IC000042',
  sender: 'MSCBE',
  recipient: 'SCRPORTAL',
  status: 'partiallyAccepted',
  accepted: 3,
  rejected: 1,
  duplicates: 1,
  errors: [],
  messages: [
    {
      messageReference: 'M1',
      documentNumber: 'RO-M1',
      function: 'original',
      status: 'accepted',
      errors: [],
      releases: [release('MSCU1234565', 'accepted'), release('MSCU2345670', 'accepted')],
    },
    {
      messageReference: 'M2',
      documentNumber: 'RO-M2',
      function: 'original',
      status: 'partiallyAccepted',
      errors: [],
      releases: [
        release('MSCU3456786', 'accepted'),
        release('MSCU4567891', 'rejected', [
          {
            segment: "FTX+AAI+++PIER 3?: GATE ?+ 2?'S",
            position: 12,
            reason: 'invalidField',
            field: 'pickupLocation',
            detail: 'releases.validation.invalidTerminal',
            message: 'Terminal inconnu: vérifiez le code’s',
          },
        ]),
      ],
    },
    {
      messageReference: 'M3',
      documentNumber: 'RO-M3',
      function: 'cancellation',
      status: 'duplicate',
      errors: [{ segment: 'UNH+M3+COREOR:D:95B:UN', position: 1, reason: 'duplicateMessage' }],
      releases: [release('MSCU5678902', 'duplicate')],
    },
  ],
};

/** The interchange read back with the portal's own tokenizer, split into its messages. */
function readBack(text: string) {
  const { segments, problem } = tokenizeEdifact(text);
  expect(problem).toBeNull();
  const messages: EdifactSegment[][] = [];
  for (const segment of segments) {
    if (segment.tag === 'UNH') messages.push([]);
    if (!['UNB', 'UNZ'].includes(segment.tag)) messages[messages.length - 1]!.push(segment);
  }
  return { unb: segments[0]!, unz: segments[segments.length - 1]!, messages };
}

const find = (message: EdifactSegment[], tag: string) => message.filter((s) => s.tag === tag);

describe('README "EDIFACT COREOR": the answer as an APERAK D95B interchange', () => {
  const now = new Date('2026-11-21T08:31:00Z'); // 09:31 in Brussels
  const text = aperakInterchange(answer, { controlReference: 'AP0001', now });

  it('writes UNB … UNZ from the portal to the COREOR sender, one APERAK per COREOR message', () => {
    const { unb, unz, messages } = readBack(text);
    expect(unb.elements).toEqual([
      ['UNOC', '3'],
      ['SCRPORTAL'],
      ['MSCBE'],
      ['261121', '0931'],
      ['AP0001'],
    ]);
    expect(unz.tag).toBe('UNZ');
    expect(unz.elements).toEqual([['3'], ['AP0001']]);
    expect(messages).toHaveLength(3);
    for (const [i, message] of messages.entries()) {
      const [unh, bgm, dtm] = message;
      const unt = message[message.length - 1]!;
      expect(unh!.elements).toEqual([[String(i + 1)], ['APERAK', 'D', '95B', 'UN']]);
      expect(bgm!.tag).toBe('BGM');
      expect(componentOf(bgm!, 1)).toBe(`AP0001-${i + 1}`);
      expect(dtm!.elements).toEqual([['137', '202611210931', '203']]);
      expect(unt.tag).toBe('UNT');
      expect(unt.elements).toEqual([[String(message.length)], [String(i + 1)]]);
    }
  });

  it("names each COREOR message's reference and whether it was accepted, refused or a duplicate", () => {
    const { messages } = readBack(text);
    expect(messages.map((m) => componentOf(find(m, 'RFF')[0]!, 0, 1))).toEqual(['M1', 'M2', 'M3']);
    expect(messages.map((m) => componentOf(find(m, 'BGM')[0]!, 2))).toEqual(['29', '29', '27']);
    expect(messages.map((m) => componentOf(find(m, 'ERC')[0]!, 0))).toEqual(['ACC', 'PAR', 'DUP']);
    expect(messages.map((m) => find(m, 'FTX')[0]!.elements[3])).toEqual([
      ['accepted', 'RO-M1', 'Accepted: 2 of 2 containers taken'],
      ['partiallyAccepted', 'RO-M2', 'Accepted: 1 of 2 containers taken'],
      ['duplicate', 'RO-M3', 'Received before: nothing was done again'],
    ]);
    expect(find(messages[0]!, 'ERC')).toHaveLength(1);
  });

  it('gives each error its ERC and an FTX with the reason, the segment as sent, its position and container', () => {
    const { messages } = readBack(text);
    const [, refused] = find(messages[1]!, 'ERC');
    expect(refused!.elements[0]).toEqual(['EQD', '', 'ZZZ']);
    const ftx = find(messages[1]!, 'FTX')[1]!;
    expect(ftx.elements[0]).toEqual(['AAO']);
    // Service characters in the segment survive the round trip; the text becomes ASCII.
    expect(ftx.elements[3]).toEqual([
      'invalidField',
      "FTX+AAI+++PIER 3?: GATE ?+ 2?'S",
      '12',
      "Terminal inconnu: verifiez le code's",
      'MSCU4567891',
    ]);
    const duplicate = find(messages[2]!, 'FTX')[1]!;
    expect(duplicate.elements[3]!.slice(0, 3)).toEqual([
      'duplicateMessage',
      'UNH+M3+COREOR:D:95B:UN',
      '1',
    ]);
    expect(componentOf(find(messages[2]!, 'ERC')[1]!, 0)).toBe('MSG');
  });

  it('answers an interchange refused whole with one APERAK naming its envelope error', () => {
    const refused = aperakInterchange(
      {
        ...answer,
        sender: null,
        recipient: null,
        status: 'rejected',
        accepted: 0,
        rejected: 1,
        duplicates: 0,
        errors: [{ segment: 'UNZ+1+IC000042', position: 9, reason: 'unterminatedSegment' }],
        messages: [],
      },
      { controlReference: 'AP0002', now, portalName: 'PORTAL' },
    );
    const { unb, messages } = readBack(refused);
    expect(unb.elements.slice(1, 3)).toEqual([['PORTAL'], ['UNKNOWN']]);
    expect(messages).toHaveLength(1);
    expect(find(messages[0]!, 'RFF')).toEqual([]);
    expect(componentOf(find(messages[0]!, 'BGM')[0]!, 2)).toBe('27');
    expect(find(messages[0]!, 'ERC').map((s) => componentOf(s, 0))).toEqual(['REJ', 'ENV']);
    expect(find(messages[0]!, 'FTX')[1]!.elements[3]!.slice(0, 4)).toEqual([
      'unterminatedSegment',
      'UNZ+1+IC000042',
      '9',
      'The last segment has no segment terminator',
    ]);
  });
});
