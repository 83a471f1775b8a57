import type { CoreorAnswer, CoreorMessageAnswer, CoreorStatus } from '../api/coreor.ts';
import { brusselsFileTimestamp } from '../dates.ts';
import { coreorReasons, type CoreorError } from './coreor-rules.ts';

/**
 * The COREOR answer as an EDIFACT APERAK D95B interchange (README "EDIFACT COREOR"), for a
 * carrier's system that asks with `Accept: application/EDIFACT`: one APERAK per COREOR message
 * (one for the interchange when it had none to read), UNOC syntax version 3, Brussels time.
 *
 *     UNA:+.? '
 *     UNB+UNOC:3+<the COREOR's recipient>+<the COREOR's sender>+<YYMMDD>:<HHMM>+<reference>'
 *     UNH+<n>+APERAK:D:95B:UN'
 *     BGM++<reference>-<n>+<29 something taken | 27 nothing taken>'
 *     DTM+137:<CCYYMMDDHHMM>:203'
 *     RFF+ACW:<the COREOR's UNH message reference>'
 *     ERC+<ACC | PAR | REJ | DUP>::ZZZ'          the message's verdict
 *     FTX+AAI+++<status>:<release order number>:<in words>'
 *     ERC+<ENV | MSG | EQD>::ZZZ'                 per error: of the interchange, the message, a container
 *     FTX+AAO+++<reason>:<segment>:<position>:<in words>:<container number>'
 *     UNT+<segments>+<n>'
 *     UNZ+<APERAK messages>+<reference>'
 *
 * ERC codes are of the portal's own list (3055 ZZZ, mutually defined); `reason` is a key of
 * `coreorReasons`. Free texts are ASCII (other letters lose their accents, anything else is
 * `_`), each component at most 70 characters, at most 999 ERC groups a message.
 */

/** The verdict's ERC code of each status. */
export const aperakVerdictCodes: Record<CoreorStatus, string> = {
  accepted: 'ACC',
  partiallyAccepted: 'PAR',
  rejected: 'REJ',
  duplicate: 'DUP',
};

/** An error's ERC code: where it is, in the interchange's envelope, the message, a container. */
export const aperakErrorCodes = { interchange: 'ENV', message: 'MSG', container: 'EQD' } as const;

/** BGM 1225: 29 accepted without amendment (something was taken), 27 not accepted. */
export const aperakFunctions = { taken: '29', notTaken: '27' } as const;

/** The syntax and message type the APERAK is written in. */
export const aperakSyntax = { identifier: 'UNOC', version: '3' } as const;
export const aperakMessageType = { type: 'APERAK', version: 'D', release: '95B', agency: 'UN' };

/** ISO 9735 repeats: SG3 (ERC-FTX) at most 999 times a message. */
const maxErrorGroups = 999;

export interface AperakOptions {
  /** UNB 0020 of the APERAK interchange: at most 14 letters and digits, unique per answer. */
  controlReference: string;
  /** When it is written (UNB and DTM). */
  now?: Date;
  /** UNB S002 when the COREOR named no recipient. */
  portalName?: string;
}

/** One error with the ERC code of where it happened and the container it is of, if any. */
interface Located {
  code: string;
  error: CoreorError;
  container: string;
}

/** An ASCII free text without service characters' trouble: at most `max` characters. */
function text(value: string, max = 70): string {
  return value
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[^\x20-\x7e]/g, '_')
    .slice(0, max);
}

/** A data element's components, each released (`?`) where it holds a service character. */
const element = (...components: string[]) =>
  components.map((c) => c.replace(/[?:+']/g, (ch) => `?${ch}`)).join(':');

const segment = (tag: string, ...elements: string[]) => [tag, ...elements].join('+');

/** Writes the APERAK interchange answering `answer` (see above). */
export function aperakInterchange(answer: CoreorAnswer, options: AperakOptions): string {
  const now = options.now ?? new Date();
  const stamp = brusselsFileTimestamp(now); // YYYYMMDD-HHmmss
  const [day, time] = [stamp.slice(0, 8), stamp.slice(9, 13)];
  const reference = text(options.controlReference, 14);
  const interchangeErrors: Located[] = answer.errors.map((error) => ({
    code: aperakErrorCodes.interchange,
    error,
    container: '',
  }));
  const messages: CoreorMessageAnswer[] =
    answer.messages.length > 0
      ? answer.messages
      : [
          {
            messageReference: '',
            documentNumber: '',
            function: null,
            status: answer.status,
            errors: [],
            releases: [],
          },
        ];
  const written = messages.map((message, i) => {
    const n = String(i + 1);
    const located: Located[] = [
      ...interchangeErrors,
      ...message.errors.map((error) => ({ code: aperakErrorCodes.message, error, container: '' })),
      ...message.releases.flatMap((release) =>
        release.errors.map((error) => ({
          code: aperakErrorCodes.container,
          error,
          container: release.containerNumber,
        })),
      ),
    ].slice(0, maxErrorGroups - 1);
    const taken = message.status === 'accepted' || message.status === 'partiallyAccepted';
    const segments = [
      segment('UNH', element(n), element(...Object.values(aperakMessageType))),
      segment(
        'BGM',
        '',
        element(text(`${reference}-${n}`, 35)),
        taken ? aperakFunctions.taken : aperakFunctions.notTaken,
      ),
      segment('DTM', element('137', `${day}${time}`, '203')),
      ...(message.messageReference
        ? [segment('RFF', element('ACW', text(message.messageReference, 35)))]
        : []),
      segment('ERC', element(aperakVerdictCodes[message.status], '', 'ZZZ')),
      segment(
        'FTX',
        'AAI',
        '',
        '',
        element(message.status, text(message.documentNumber), text(verdictText(message))),
      ),
      ...located.flatMap(({ code, error, container }) => [
        segment('ERC', element(code, '', 'ZZZ')),
        segment(
          'FTX',
          'AAO',
          '',
          '',
          element(
            error.reason,
            text(error.segment),
            String(error.position),
            text(error.message ?? coreorReasons[error.reason]),
            text(container, 17),
          ),
        ),
      ]),
    ];
    return [...segments, segment('UNT', String(segments.length + 1), element(n))];
  });
  const sender = text(answer.recipient ?? options.portalName ?? 'SCRPORTAL', 35);
  const recipient = text(answer.sender ?? 'UNKNOWN', 35);
  return [
    "UNA:+.? '",
    ...[
      segment(
        'UNB',
        element(aperakSyntax.identifier, aperakSyntax.version),
        element(sender),
        element(recipient),
        element(day.slice(2), time),
        element(reference),
      ),
      ...written.flat(),
      segment('UNZ', String(written.length), element(reference)),
    ].map((s) => `${s}'`),
  ].join('\n');
}

/** The verdict in words: how many of the message's containers were taken. */
function verdictText(message: CoreorMessageAnswer): string {
  const all = message.releases.length;
  const taken = message.releases.filter((release) => release.status === 'accepted').length;
  switch (message.status) {
    case 'duplicate':
      return 'Received before: nothing was done again';
    case 'rejected':
      return all > 0 ? `Refused: none of ${all} containers taken` : 'Refused';
    default:
      return `Accepted: ${taken} of ${all} containers taken`;
  }
}
