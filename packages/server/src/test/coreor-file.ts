/** One container of a COREOR test message: extra segments are appended to its EQD group. */
export interface CoreorContainer {
  number: string;
  terminal?: string;
  validUntil?: string;
  pincode?: string;
  isoType?: string;
  extra?: string[];
}

/** One message: a BL and its containers, with BGM message function 9, 5 or 1. */
export interface CoreorOrder {
  reference: string;
  bl: string;
  fn?: '9' | '5' | '1';
  vessel?: string;
  containers: CoreorContainer[];
}

const ymd = (iso: string) => iso.replaceAll('-', '');

let sent = 0;
/**
 * A UNB control reference (at most 14 characters) no other interchange of this run uses: an
 * interchange sent again under the same sender and reference is a duplicate (README "EDIFACT
 * COREOR"), so each file is its own unless a test sends one twice on purpose.
 */
export function uniqueInterchangeReference(): string {
  sent += 1;
  return `IC${Date.now().toString(36).toUpperCase()}${sent}`.slice(0, 14);
}

/**
 * A COREOR D95B interchange the way a carrier in Antwerp writes one (UNA, UNB … UNZ; per
 * message UNH, BGM, DTM, RFF+BN, TDT+20, LOC+9/+11, NAD+CA, then an EQD group per container
 * with RFF+RE, LOC+117, LOC+99, DTM+7/+36; CNT, UNT with its segment count), one segment a line.
 * Its control reference is unique unless given; its message references are the orders' own
 * (a message reference taken before, from the same sender, is a duplicate).
 */
export function coreorFile(
  orders: CoreorOrder[],
  controlReference = uniqueInterchangeReference(),
): string {
  const messages = orders.map((order) => {
    const segments = [
      `UNH+${order.reference}+COREOR:D:95B:UN`,
      `BGM+129+RO${order.reference}+${order.fn ?? '9'}`,
      'DTM+137:202611210930:203',
      `RFF+BN:${order.bl}`,
      `TDT+20+V042E+1++MSC:172:20+++9876543:146:11:${order.vessel ?? 'MSC ANNA'}`,
      'LOC+9+CNSHA:139:6',
      'LOC+11+BEANR:139:6',
      'NAD+CA+MSC:160:20',
      ...order.containers.flatMap((c) => [
        `EQD+CN+${c.number}+${c.isoType ?? '45G1'}:102:5`,
        ...(c.pincode ? [`RFF+RE:${c.pincode}`] : []),
        ...(c.terminal ? [`LOC+117+BEANR:139:6+${c.terminal}:TER:ZZZ`] : []),
        'LOC+99+BEANR:139:6+DEPOT7:TER:ZZZ',
        ...(c.validUntil ? [`DTM+36:${ymd(c.validUntil)}:102`] : []),
        ...(c.extra ?? []),
      ]),
      `CNT+16:${order.containers.length}`,
    ];
    return [...segments, `UNT+${segments.length + 1}+${order.reference}`];
  });
  return [
    "UNA:+.? '",
    `UNB+UNOA:2+MSCBE:ZZZ+SCRPORTAL:ZZZ+261121:0930+${controlReference}`,
    ...messages.flat(),
    `UNZ+${orders.length}+${controlReference}`,
  ]
    .map((segment, i) => (i === 0 ? segment : `${segment}'`))
    .join('\n');
}
