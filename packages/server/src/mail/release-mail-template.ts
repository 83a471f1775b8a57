import {
  releaseMailKind,
  type Language,
  type NoticeGrouping,
  type ReleaseMailAction,
} from '@scr/domain';
import type { MailMessage } from './mail-transport.ts';
import { releaseMailWords } from './release-mail-words.ts';

/** At most this many "BL : container" lines are listed; the rest are counted. */
export const releaseMailListLimit = 50;

export interface ReleaseMailValues {
  /** The recipient's first name. */
  name: string;
  action: ReleaseMailAction;
  /** One e-mail per container (one release) or per BL (its containers). */
  grouping: NoticeGrouping;
  /** The organisation that acted. */
  actor: string;
  /** revoke: the organisation the releases were taken back from, when known. */
  target: string | null;
  releases: readonly { blNumber: string; containerNumber: string }[];
  /** The portal's releases page, when the portal knows its public address. */
  releasesUrl: string | null;
}

/** One line of a header or a list: no line breaks from a name typed by someone else. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The e-mail of one change to one user, in their language (English when unknown): what
 * happened, by whom, the releases as "BL : container" lines (the first `releaseMailListLimit`,
 * then how many more) and a link to the releases page when there is one. The subject names the
 * container, or the BL of an e-mail per BL.
 */
export function releaseMail(
  to: string,
  language: Language,
  values: ReleaseMailValues,
): MailMessage {
  const w = releaseMailWords[language] ?? releaseMailWords.en;
  const count = values.releases.length;
  const headline = w.headline(
    values.action,
    count,
    oneLine(values.actor),
    values.target === null ? null : oneLine(values.target),
  );
  const line = (release: { blNumber: string; containerNumber: string }) =>
    `${oneLine(release.blNumber)} : ${oneLine(release.containerNumber)}`;
  const first = values.releases[0];
  const about = !first
    ? ''
    : values.grouping === 'bl'
      ? ` – BL ${oneLine(first.blNumber)}`
      : ` – ${line(first)}`;
  const listed = values.releases.slice(0, releaseMailListLimit).map(line);
  const rest = count - listed.length;
  const paragraphs = [
    w.hello(oneLine(values.name)),
    `${headline}.`,
    [w.list, ...listed, ...(rest > 0 ? [`${w.more(rest)}.`] : [])].join('\n'),
    ...(values.releasesUrl ? [w.link(values.releasesUrl)] : []),
    w.why(releaseMailKind(values.action)),
  ];
  return { to, subject: `${headline}${about}`, text: `${paragraphs.join('\n\n')}\n` };
}
