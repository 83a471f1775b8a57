import type { Language } from '@scr/domain';
import type { MailMessage } from './mail-transport.ts';

/** The custody actions that are mailed (releases spec §4 "Live notifications"). */
export type CustodyMailAction = 'transfer' | 'revoke' | 'block' | 'unblock';

/** At most this many "BL : container" lines are listed; the rest are counted. */
export const custodyMailListLimit = 50;

export interface CustodyMailValues {
  /** The recipient's first name. */
  name: string;
  action: CustodyMailAction;
  /** The organisation that acted. */
  actor: string;
  /** revoke: the organisation the releases were taken back from, when known. */
  target: string | null;
  releases: readonly { blNumber: string; containerNumber: string }[];
  /** The portal's releases page, when the portal knows its public address. */
  releasesUrl: string | null;
}

interface Words {
  /** The sentence that says what happened, without a final full stop. */
  headline(action: CustodyMailAction, count: number, actor: string, target: string | null): string;
  hello(name: string): string;
  /** The heading of the list, as "BL : container". */
  list: string;
  more(count: number): string;
  link(url: string): string;
  /** Why the user gets this e-mail: the preference they chose. */
  why(action: CustodyMailAction): string;
}

const pick = (count: number, one: string, many: string) => (count === 1 ? one : many);

const english: Words = {
  headline(action, n, actor, target) {
    const what = pick(n, '1 container release was', `${n} container releases were`);
    switch (action) {
      case 'transfer':
        return `${what} transferred to you by ${actor}`;
      case 'revoke':
        return `${what} revoked by ${actor}${target ? ` from ${target}` : ''}`;
      case 'block':
        return `${what} blocked by ${actor}`;
      case 'unblock':
        return `${what} unblocked by ${actor}`;
    }
  },
  hello: (name) => `Hello ${name},`,
  list: 'BL : container',
  more: (n) => `and ${n} more`,
  link: (url) => `See them on Secure Container Release: ${url}`,
  why: (action) =>
    action === 'transfer'
      ? 'You receive this e-mail because you asked for an e-mail on transfers to you in your settings.'
      : 'You receive this e-mail because you asked for an e-mail on changes to your releases in your settings.',
};

const french: Words = {
  headline(action, n, actor, target) {
    const what = pick(n, '1 libération de conteneur', `${n} libérations de conteneur`);
    const done = (participle: string) => pick(n, `a été ${participle}`, `ont été ${participle}s`);
    switch (action) {
      case 'transfer':
        return `${what} vous ${pick(n, 'a été transférée', 'ont été transférées')} par ${actor}`;
      case 'revoke':
        return `${what} ${done('révoquée')} par ${actor}${target ? ` auprès de ${target}` : ''}`;
      case 'block':
        return `${what} ${done('bloquée')} par ${actor}`;
      case 'unblock':
        return `${what} ${done('débloquée')} par ${actor}`;
    }
  },
  hello: (name) => `Bonjour ${name},`,
  list: 'BL : conteneur',
  more: (n) => `et ${n} de plus`,
  link: (url) => `Consultez-les sur Secure Container Release : ${url}`,
  why: (action) =>
    action === 'transfer'
      ? 'Vous recevez cet e-mail parce que vous avez demandé dans vos paramètres un e-mail pour les transferts qui vous sont faits.'
      : 'Vous recevez cet e-mail parce que vous avez demandé dans vos paramètres un e-mail pour les changements de vos libérations.',
};

const dutch: Words = {
  headline(action, n, actor, target) {
    const what = pick(n, '1 containervrijgave werd', `${n} containervrijgaves werden`);
    switch (action) {
      case 'transfer':
        return `${what} aan u overgedragen door ${actor}`;
      case 'revoke':
        return `${what} ingetrokken door ${actor}${target ? ` bij ${target}` : ''}`;
      case 'block':
        return `${what} geblokkeerd door ${actor}`;
      case 'unblock':
        return `${what} gedeblokkeerd door ${actor}`;
    }
  },
  hello: (name) => `Hallo ${name},`,
  list: 'BL : container',
  more: (n) => `en nog ${n}`,
  link: (url) => `Bekijk ze op Secure Container Release: ${url}`,
  why: (action) =>
    action === 'transfer'
      ? 'U ontvangt deze e-mail omdat u in uw instellingen gevraagd hebt om een e-mail bij overdrachten aan u.'
      : 'U ontvangt deze e-mail omdat u in uw instellingen gevraagd hebt om een e-mail bij wijzigingen aan uw vrijgaves.',
};

const german: Words = {
  headline(action, n, actor, target) {
    const what = pick(n, '1 Containerfreigabe wurde', `${n} Containerfreigaben wurden`);
    switch (action) {
      case 'transfer':
        return `${what} Ihnen von ${actor} übertragen`;
      case 'revoke':
        return `${what} von ${actor}${target ? ` bei ${target}` : ''} widerrufen`;
      case 'block':
        return `${what} von ${actor} gesperrt`;
      case 'unblock':
        return `${what} von ${actor} entsperrt`;
    }
  },
  hello: (name) => `Hallo ${name},`,
  list: 'BL : Container',
  more: (n) => `und ${n} weitere`,
  link: (url) => `Sehen Sie sie in Secure Container Release: ${url}`,
  why: (action) =>
    action === 'transfer'
      ? 'Sie erhalten diese E-Mail, weil Sie in Ihren Einstellungen eine E-Mail bei Übertragungen an Sie gewünscht haben.'
      : 'Sie erhalten diese E-Mail, weil Sie in Ihren Einstellungen eine E-Mail bei Änderungen Ihrer Freigaben gewünscht haben.',
};

const italian: Words = {
  headline(action, n, actor, target) {
    const what = pick(n, '1 rilascio di container', `${n} rilasci di container`);
    const done = (stem: string) => pick(n, `è stato ${stem}o`, `sono stati ${stem}i`);
    switch (action) {
      case 'transfer':
        return `${what} le ${done('trasferit')} da ${actor}`;
      case 'revoke':
        return `${what} ${done('revocat')} da ${actor}${target ? ` presso ${target}` : ''}`;
      case 'block':
        return `${what} ${done('bloccat')} da ${actor}`;
      case 'unblock':
        return `${what} ${done('sbloccat')} da ${actor}`;
    }
  },
  hello: (name) => `Buongiorno ${name},`,
  list: 'BL : container',
  more: (n) => `e altri ${n}`,
  link: (url) => `Li consulti su Secure Container Release: ${url}`,
  why: (action) =>
    action === 'transfer'
      ? 'Riceve questa e-mail perché nelle sue impostazioni ha chiesto una e-mail per i trasferimenti a suo favore.'
      : 'Riceve questa e-mail perché nelle sue impostazioni ha chiesto una e-mail per le modifiche ai suoi rilasci.',
};

const words: Record<Language, Words> = {
  en: english,
  fr: french,
  nl: dutch,
  de: german,
  it: italian,
};

/** One line of a header or a list: no line breaks from a name typed by someone else. */
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * The e-mail of one custody action to one user, in their language (English when unknown):
 * what happened, by whom, the first `custodyMailListLimit` releases as "BL : container" lines
 * and how many more, and a link to the releases page when there is one.
 */
export function custodyMail(
  to: string,
  language: Language,
  values: CustodyMailValues,
): MailMessage {
  const w = words[language] ?? words.en;
  const count = values.releases.length;
  const headline = w.headline(
    values.action,
    count,
    oneLine(values.actor),
    values.target === null ? null : oneLine(values.target),
  );
  const listed = values.releases
    .slice(0, custodyMailListLimit)
    .map((release) => `${oneLine(release.blNumber)} : ${oneLine(release.containerNumber)}`);
  const rest = count - listed.length;
  const paragraphs = [
    w.hello(oneLine(values.name)),
    `${headline}.`,
    [w.list, ...listed, ...(rest > 0 ? [`${w.more(rest)}.`] : [])].join('\n'),
    ...(values.releasesUrl ? [w.link(values.releasesUrl)] : []),
    w.why(values.action),
  ];
  return { to, subject: headline, text: `${paragraphs.join('\n\n')}\n` };
}
