import { describe, expect, it } from 'vitest';
import {
  coreorDate,
  coreorMapping,
  coreorVesselIdentification,
  imoNumberOf,
} from './coreor-rules.ts';
import { coreorEdit, coreorFieldError, readCoreor } from './coreor.ts';

const today = '2026-11-21';

/** A D95B COREOR message of one BL with the given EQD groups. */
function message(ref: string, fn: string, groups: string[][], head: string[] = []) {
  const body = [
    `UNH+${ref}+COREOR:D:95B:UN`,
    `BGM+129+RO-${ref}+${fn}`,
    'DTM+137:202611210930:203',
    ...head,
    'RFF+BN:MSCUAN123456',
    'TDT+20+V042E+1++MSC:172:20+++9876543:146:11:MSC ANNA',
    'LOC+9+CNSHA:139:6',
    'LOC+11+BEANR:139:6',
    'NAD+CA+MSC:160:20',
    ...groups.flat(),
    `CNT+16:${groups.length}`,
  ];
  return [...body, `UNT+${body.length + 1}+${ref}`];
}

function interchange(messages: string[][], count = messages.length) {
  return [
    "UNA:+.? '",
    "UNB+UNOA:2+MSCBE+SCRPORTAL+261121:0930+IC0001'",
    ...messages.map((m) => m.map((s) => `${s}'`).join('\n')),
    `UNZ+${count}+IC0001'`,
  ].join('\n');
}

const container = (number: string, extra: string[] = []) => [
  `EQD+CN+${number}+45G1:102:5`,
  'RFF+RE:PIN-4711',
  'LOC+117+BEANR:139:6+1742:TER:ZZZ',
  'LOC+99+BEANR:139:6+DEPOT7:TER:ZZZ',
  'DTM+7:20261121:102',
  'DTM+36:20261231:102',
  ...extra,
];

describe('issue 14 item 4: COREOR D95B mapped to releases (coreor-rules.ts)', () => {
  it('maps BGM, RFF+BN, TDT, LOC, EQD, DTM and RFF+RE of each EQD group to one release', () => {
    const read = readCoreor(interchange([message('M1', '9', [container('MSCU1234565')])]), today);
    expect(read.errors).toEqual([]);
    expect(read).toMatchObject({ sender: 'MSCBE', controlReference: 'IC0001' });
    const [m] = read.messages;
    expect(m).toMatchObject({
      reference: 'M1',
      documentNumber: 'RO-M1',
      function: 'original',
      errors: [],
    });
    expect(m!.releases[0]!.errors).toEqual([]);
    expect(m!.releases[0]!.input).toEqual({
      billOfLading: {
        blNumber: 'MSCUAN123456',
        vessel: 'MSC ANNA',
        voyageNumber: 'V042E',
        lloydsNumber: '9876543',
        stayNumber: undefined,
        portOfLoading: 'CNSHA',
        portOfDestination: 'BEANR',
      },
      container: {
        containerNumber: 'MSCU1234565',
        isoTypeCode: '45G1',
        pickupLocation: '1742',
        turnInLocation: 'DEPOT7',
        validFrom: '2026-11-21',
        validUntil: '2026-12-31',
        pincode: 'PIN-4711',
      },
    });
    expect(m!.releases[0]!.sources.validUntil).toEqual({
      segment: 'DTM+36:20261231:102',
      position: 14,
    });
  });

  it('fills the defaults of releases spec §5 for what a message leaves out (20DV, today, 60 days)', () => {
    const bare = ['EQD+CN+MSCU1234565', 'LOC+117+1742'];
    const [release] = readCoreor(interchange([message('M1', '9', [bare])]), today).messages[0]!
      .releases;
    expect(release!.input.container).toMatchObject({
      isoTypeCode: '20DV',
      pickupLocation: '1742',
      validFrom: today,
      validUntil: '2027-01-20',
    });
    expect(release!.input.container.pincode).toBeUndefined();
  });

  it('reads BGM 1225: 9 original, 5 replace, 1 cancellation; anything else refuses the message', () => {
    const fns = ['9', '5', '1', '4'].map(
      (fn) =>
        readCoreor(interchange([message('M', fn, [container('MSCU1234565')])]), today).messages[0]!,
    );
    expect(fns.map((m) => m.function)).toEqual(['original', 'replace', 'cancellation', null]);
    expect(fns[3]!.errors).toEqual([
      { segment: 'BGM+129+RO-M+4', position: 2, reason: 'messageFunction' },
    ]);
  });

  it('acceptance: a broken segment in one EQD group refuses that container, with its segment and reason', () => {
    const groups = [
      container('MSCU1234565'),
      container('MSCU2345670'),
      container('MSCU3456786'),
      ['EQD+CN+MSCU4567891+45G1:102:5', 'LOC+117+BEANR:139:6+1742:TER:ZZZ', 'DTM+36:20261345:102'],
    ];
    const [m] = readCoreor(interchange([message('M1', '9', groups)]), today).messages;
    expect(m!.errors).toEqual([]);
    expect(m!.releases.slice(0, 3).map((r) => r.errors)).toEqual([[], [], []]);
    expect(m!.releases[3]!.errors).toEqual([
      { segment: 'DTM+36:20261345:102', position: 29, reason: 'dateInvalid' },
    ]);
  });

  it.each([
    [['EQD+CN'], 'containerNumberMissing'],
    [['EQD+TE+ABC'], 'equipmentQualifier'],
    [['EQD+CN+MSCU1234565', 'DTM+36:2026123:102', 'LOC+117+1742'], 'dateInvalid'],
    [['EQD+CN+MSCU1234565', 'DTM+36:20261231:999', 'LOC+117+1742'], 'dateFormat'],
    [['EQD+CN+MSCU1234565', 'LOC+117'], 'locationMissing'],
    [['EQD+CN+MSCU1234565', 'RFF+RE'], 'emptyReference'],
    [['EQD+CN+MSCU1234565', 'LOC+117+1742', 'LOC+117+1700'], 'segmentRepeated'],
    [['EQD+CN+MSCU1234565', 'LOC+117+1742', 'BGM+1+2+9'], 'unexpectedSegment'],
  ])('an EQD group %j is refused for %s', (group, reason) => {
    const [release] = readCoreor(interchange([message('M1', '9', [group])]), today).messages[0]!
      .releases;
    expect(release!.errors.map((e) => e.reason)).toContain(reason);
  });

  it('an original needs LOC+117 (the pick-up terminal) and a BL; a cancellation needs only BL and container', () => {
    const noPickup = [['EQD+CN+MSCU1234565']];
    const original = readCoreor(interchange([message('M1', '9', noPickup)]), today).messages[0]!;
    expect(original.releases[0]!.errors).toEqual([
      { segment: 'EQD+CN+MSCU1234565', position: 9, reason: 'pickupMissing' },
    ]);
    const cancel = readCoreor(interchange([message('M1', '1', noPickup)]), today).messages[0]!;
    expect(cancel.releases[0]!.errors).toEqual([]);
  });

  it('a container repeated in one message is refused the second time', () => {
    const [m] = readCoreor(
      interchange([message('M1', '9', [container('MSCU1234565'), container('MSCU1234565')])]),
      today,
    ).messages;
    expect(m!.releases.map((r) => r.errors.map((e) => e.reason))).toEqual([
      [],
      ['containerRepeated'],
    ]);
  });

  it('refuses a message of another type, without BGM, without EQD, or with a wrong UNT', () => {
    const other = message('M1', '9', [container('MSCU1234565')]);
    other[0] = 'UNH+M1+COREOR:D:96A:UN';
    const noBgm = message('M2', '9', [container('MSCU1234565')]).filter(
      (s) => !s.startsWith('BGM'),
    );
    const noEqd = message('M3', '9', []);
    const badCount = message('M4', '9', [container('MSCU1234565')]);
    badCount[badCount.length - 1] = 'UNT+3+M9';
    const read = readCoreor(interchange([other, noBgm, noEqd, badCount]), today);
    expect(read.messages.map((m) => m.errors.map((e) => e.reason))).toEqual([
      ['messageType'],
      ['segmentCount', 'beginningMissing'],
      ['noEquipment'],
      ['segmentCount', 'messageReference'],
    ]);
  });

  it('refuses the whole interchange for a syntax or envelope error', () => {
    const good = message('M1', '9', [container('MSCU1234565')]);
    expect(readCoreor(interchange([good], 2), today).errors).toEqual([
      { segment: 'UNZ+2+IC0001', position: 18, reason: 'interchangeCount' },
    ]);
    expect(readCoreor(good.map((s) => `${s}'`).join(''), today).errors[0]!.reason).toBe(
      'interchangeHeaderMissing',
    );
    const broken = readCoreor(interchange([good]).slice(0, -1), today);
    expect(broken.messages).toEqual([]);
    expect(broken.errors[0]!.reason).toBe('unterminatedSegment');
  });

  it('a replace changes only the editable fields its message sets', () => {
    const replace = ['EQD+CN+MSCU1234565', 'DTM+36:20270115:102'];
    const [release] = readCoreor(interchange([message('M1', '5', [replace])]), today).messages[0]!
      .releases;
    expect(coreorEdit(release!)).toEqual({
      vessel: 'MSC ANNA',
      voyageNumber: 'V042E',
      lloydsNumber: '9876543',
      portOfLoading: 'CNSHA',
      portOfDestination: 'BEANR',
      validUntil: '2027-01-15',
    });
  });

  it('names the segment that set a refused field, or the EQD for a default', () => {
    const [release] = readCoreor(
      interchange([message('M1', '9', [container('MSCU1234565')])]),
      today,
    ).messages[0]!.releases;
    expect(
      coreorFieldError(release!, 'container.pickupLocation', 'releases.validation.invalidTerminal'),
    ).toEqual({
      segment: 'LOC+117+BEANR:139:6+1742:TER:ZZZ',
      position: 11,
      reason: 'invalidField',
      field: 'pickupLocation',
      detail: 'releases.validation.invalidTerminal',
    });
    expect(coreorFieldError(release!, 'agent', 'x').segment).toBe('EQD+CN+MSCU1234565+45G1:102:5');
  });

  it('reads DTM formats 102, 203 and 204 as calendar days', () => {
    expect(coreorDate('20261231', '102')).toBe('2026-12-31');
    expect(coreorDate('202612312359', '203')).toBe('2026-12-31');
    expect(coreorDate('20261231235959', '204')).toBe('2026-12-31');
    expect(coreorDate('202612312460', '203')).toBe('dateInvalid');
    expect(coreorDate('20260230', '102')).toBe('dateInvalid');
    expect(coreorDate('261231', '101')).toBe('dateFormat');
  });

  it('documents every field it reads, the required ones first of all', () => {
    const required = coreorMapping.filter((rule) => rule.required).map((rule) => rule.field);
    expect(required).toEqual([
      'releaseOrder',
      'function',
      'blNumber',
      'containerNumber',
      'pickupLocation',
    ]);
  });
});

describe('releases spec §3 "Bill of lading" lloydsNumber: TDT+20 C222 names a vessel by its IMO number or its call sign', () => {
  /** One message whose TDT+20 identifies the vessel as `id` with code list `code` (1131). */
  const readTdt = (id: string, code: string) => {
    const m = message('M1', '9', [container('MSCU1234565')]).map((segment) =>
      segment.startsWith('TDT+20')
        ? `TDT+20+V042E+1++MSC:172:20+++${id}:${code}:11:MSC ANNA`
        : segment,
    );
    return readCoreor(interchange([m]), today).messages[0]!.releases[0]!;
  };

  it('takes 8213 coded 146 as the Lloyd’s number, and an IMO number however it is coded', () => {
    expect(readTdt('9074729', '146').input.billOfLading.lloydsNumber).toBe('9074729');
    expect(readTdt('9074729', '').input.billOfLading.lloydsNumber).toBe('9074729');
    expect(readTdt('IMO9074729', 'ZZZ').input.billOfLading.lloydsNumber).toBe('9074729');
    // Coded 103 but IMO-formatted: no call sign is seven digits, so it is the Lloyd's number.
    expect(readTdt('9074729', '103').input.billOfLading.lloydsNumber).toBe('9074729');
    // The sender's own 146 is believed even when the value is no IMO number.
    expect(readTdt('L1234X', '146').input.billOfLading.lloydsNumber).toBe('L1234X');
  });

  it('never puts a call sign (coded 103) or an uncoded value that is no IMO number in lloydsNumber', () => {
    const callSign = readTdt('9HA2479', '103');
    expect(callSign.errors).toEqual([]);
    expect(callSign.input.billOfLading).toMatchObject({
      vessel: 'MSC ANNA',
      voyageNumber: 'V042E',
    });
    expect(callSign.input.billOfLading.lloydsNumber).toBeUndefined();
    expect(callSign.sources.lloydsNumber).toBeUndefined();
    // A replace therefore leaves the release's Lloyd's number as it was.
    expect(coreorEdit(callSign)).not.toHaveProperty('lloydsNumber');
    // A wrong check digit, uncoded: neither a Lloyd's number nor known to be a call sign.
    expect(readTdt('9074728', '').input.billOfLading.lloydsNumber).toBeUndefined();
  });

  it('checks the IMO check digit: the first six digits weighted 7 to 2, modulo 10', () => {
    expect(imoNumberOf('9074729')).toBe('9074729');
    expect(imoNumberOf('IMO 9074729')).toBe('9074729');
    expect(imoNumberOf('imo9876543')).toBe('9876543');
    expect(imoNumberOf('9074728')).toBeNull();
    expect(imoNumberOf('907472')).toBeNull();
    expect(imoNumberOf('90747290')).toBeNull();
    expect(imoNumberOf('9HA2479')).toBeNull();
    expect(coreorVesselIdentification('9HA2479', '103')).toEqual({ callSign: '9HA2479' });
    expect(coreorVesselIdentification('', '146')).toEqual({});
  });
});

describe('README "EDIFACT COREOR" duplicates: what makes an interchange and a message one', () => {
  it('refuses an interchange whose UNB names no sender or no control reference, and a message without a reference', () => {
    const good = message('M1', '9', [container('MSCU1234565')]);
    const body = good.map((s) => `${s}'`).join('\n');
    const noSender = readCoreor(
      `UNB+UNOA:2++SCRPORTAL+261121:0930+IC0001'\n${body}\nUNZ+1+IC0001'`,
    );
    expect(noSender.errors.map((e) => e.reason)).toEqual(['senderMissing']);
    const noReference = readCoreor(`UNB+UNOA:2+MSCBE+SCRPORTAL+261121:0930'\n${body}\nUNZ+1'`);
    expect(noReference.errors).toEqual([
      {
        segment: 'UNB+UNOA:2+MSCBE+SCRPORTAL+261121:0930',
        position: 1,
        reason: 'controlReferenceMissing',
      },
    ]);
    const unnamed = message('', '9', [container('MSCU1234565')]);
    expect(readCoreor(interchange([unnamed]), today).messages[0]!.errors[0]).toMatchObject({
      segment: 'UNH++COREOR:D:95B:UN',
      position: 1,
      reason: 'messageReferenceMissing',
    });
  });

  it('reads the UNB recipient and keeps the UNB and UNH as sent', () => {
    const read = readCoreor(interchange([message('M1', '9', [container('MSCU1234565')])]), today);
    expect(read).toMatchObject({
      recipient: 'SCRPORTAL',
      header: 'UNB+UNOA:2+MSCBE+SCRPORTAL+261121:0930+IC0001',
    });
    expect(read.messages[0]!.header).toBe('UNH+M1+COREOR:D:95B:UN');
  });
});
