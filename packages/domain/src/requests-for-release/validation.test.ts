import { describe, expect, it } from 'vitest';
import { featureFlags, type Features } from '../features.ts';
import { requestsForReleasePermission } from './permissions.ts';
import {
  answersRequestBl,
  requestForReleaseMessages,
  validateRequestForRelease,
  type RequestForReleaseFields,
} from './validation.ts';

const pdf = new Uint8Array([...'%PDF-1.7'].map((char) => char.charCodeAt(0)));
const carrier = { name: 'Scheldt Ocean Line NV' };
const hapag = { name: 'Hapag-Lloyd AG' };
const request = (fields: Partial<RequestForReleaseFields> = {}): RequestForReleaseFields => ({
  carrierAddress: '0xcarrier',
  blNumber: 'SOLANR2611009',
  containersRaw: 'MSCU1234567, TGHU7654321',
  reference: 'PO-4471',
  invoiceNumber: 'INV 2026/118',
  files: [{ name: 'loi.pdf', ref: 'Letter of indemnity', bytes: pdf }],
  ...fields,
});

describe('releases spec §5 "Request for release": checked before sending and by the server', () => {
  it('a complete request has no errors; reference, invoice number, containers and files are optional', () => {
    expect(validateRequestForRelease(request(), carrier)).toEqual({});
    expect(
      validateRequestForRelease(
        { carrierAddress: '0xcarrier', blNumber: 'SOLANR2611009' },
        carrier,
      ),
    ).toEqual({});
  });

  it('carrier and blNumber are required', () => {
    expect(validateRequestForRelease(request({ carrierAddress: ' ', blNumber: '' }), null)).toEqual(
      {
        carrierAddress: 'carrierRequired',
        blNumber: 'blNumberRequired',
      },
    );
    expect(requestForReleaseMessages.carrierRequired).toBe('Please provide a carrier');
  });

  it('access spec §9: a carrier not on the subscription 11 list is refused', () => {
    expect(validateRequestForRelease(request(), null)).toEqual({
      carrierAddress: 'carrierNotOffered',
    });
  });

  it('for the carrier the spec names, the BL must start with HLCU', () => {
    expect(validateRequestForRelease(request(), hapag)).toEqual({ blNumber: 'blNumberPrefix' });
    expect(validateRequestForRelease(request({ blNumber: 'HLCUANR2611001' }), hapag)).toEqual({});
    expect(requestForReleaseMessages.blNumberPrefix).toBe(
      'BL number must start with one of: {{prefixes}}',
    );
  });

  it('the parsed containers, the free texts and the files are checked', () => {
    expect(
      validateRequestForRelease(
        request({
          blNumber: 'SOL<ANR>',
          containersRaw: 'MSCU1234567, MSCU<b>',
          reference: 'x'.repeat(101),
          invoiceNumber: 'INV\u0007',
          files: [
            { name: 'loi.pdf', ref: 'ok', bytes: new Uint8Array([1, 2, 3]) },
            { name: 'scan.pdf', ref: 'bad\u0000', bytes: pdf },
          ],
        }),
        carrier,
      ),
    ).toEqual({
      blNumber: 'blNumberFormat',
      containersRaw: 'containersFormat',
      reference: 'textFormat',
      invoiceNumber: 'textFormat',
      'files.0': 'fileType',
      'files.1.ref': 'textFormat',
    });
  });

  it('more than 5 files are refused together', () => {
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `f${i}.pdf`, bytes: pdf }));
    expect(validateRequestForRelease(request({ files }), carrier)).toEqual({
      files: 'tooManyFiles',
    });
  });
});

const features = (canRequestForRelease: boolean) =>
  ({
    ...Object.fromEntries(featureFlags.map((flag) => [flag, false])),
    canRequestForRelease,
  }) as Features;

describe('releases spec §2, §6: who works with requests for release', () => {
  it('a non-carrier with canRequestForRelease sends them; without it, it is a subscription', () => {
    expect(requestsForReleasePermission('other', features(true))).toBe('sent');
    expect(requestsForReleasePermission('other', features(false))).toBe('subscriptionRequired');
  });

  it('a carrier receives them, with or without the feature; a terminal does neither', () => {
    expect(requestsForReleasePermission('carrier', features(false))).toBe('received');
    expect(requestsForReleasePermission('terminal', features(true))).toBe('forbidden');
  });
});

describe('issue 12 item 3: the releases that answer a request are for its BL', () => {
  it('the same BL number, whatever its case or spaces; another BL does not answer it', () => {
    expect(answersRequestBl('SOLANR2611009', ' solanr2611009 ')).toBe(true);
    expect(answersRequestBl('SOLANR2611009', 'SOLANR2611001')).toBe(false);
    expect(answersRequestBl('SOLANR2611009', null)).toBe(false);
  });
});

describe('releases spec §3, §7 "Request for release": the spec payload’s containers and organizationAddress', () => {
  it('releases spec §3: the list alone is taken; with the free text both must name the same containers', () => {
    expect(
      validateRequestForRelease(request({ containers: ['tghu7654321', 'MSCU 1234567'] }), carrier),
    ).toEqual({});
    expect(
      validateRequestForRelease(
        request({ containersRaw: null, containers: ['MSCU1234567'] }),
        carrier,
      ),
    ).toEqual({});
    expect(validateRequestForRelease(request({ containers: ['MSCU1234567'] }), carrier)).toEqual({
      containers: 'containersMismatch',
    });
    expect(
      validateRequestForRelease(request({ containersRaw: '', containers: ['MSCU<b>'] }), carrier),
    ).toEqual({ containers: 'containersFormat' });
  });

  it('releases spec §7: organizationAddress, when sent, is the requester’s own (any case)', () => {
    const own = { address: '0xAbC0000000000000000000000000000000000001' };
    const mine = request({ organizationAddress: own.address.toLowerCase() });
    expect(validateRequestForRelease(mine, carrier, own)).toEqual({});
    const other = request({ organizationAddress: '0x0000000000000000000000000000000000000002' });
    expect(validateRequestForRelease(other, carrier, own)).toEqual({
      organizationAddress: 'organizationNotYours',
    });
    expect(requestForReleaseMessages.organizationNotYours).toBe(
      'A request can only be sent for your own organisation',
    );
  });
});
