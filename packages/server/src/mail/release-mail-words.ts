import type { Language, ReleaseMailAction, ReleaseMailKind } from '@scr/domain';

/** The words of a release e-mail in one language (access spec §2 "Settings"). */
export interface ReleaseMailWords {
  /** The sentence that says what happened, without a final full stop. */
  headline(action: ReleaseMailAction, count: number, actor: string, target: string | null): string;
  hello(name: string): string;
  /** The heading of the list, as "BL : container". */
  list: string;
  more(count: number): string;
  link(url: string): string;
  /** Why the user gets this e-mail: the setting they chose, or left on. */
  why(kind: ReleaseMailKind): string;
}

const pick = (count: number, one: string, many: string) => (count === 1 ? one : many);

const english: ReleaseMailWords = {
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
      case 'edit':
        return `${what} changed by ${actor}`;
      case 'delete':
        return `${what} deleted by ${actor}`;
      case 'gateout':
        return `${what} picked up at the terminal of ${actor}`;
      case 'assign':
        return `${what} assigned for pick-up by ${actor}`;
      case 'unassign':
        return `${what} unassigned by ${actor}`;
    }
  },
  hello: (name) => `Hello ${name},`,
  list: 'BL : container',
  more: (n) => `and ${n} more`,
  link: (url) => `See them on Secure Container Release: ${url}`,
  why: (kind) =>
    kind === 'transfer'
      ? 'You receive this e-mail because you asked for an e-mail on transfers to you in your settings.'
      : 'You receive this e-mail because e-mail on changes to your releases is on in your settings.',
};

const french: ReleaseMailWords = {
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
      case 'edit':
        return `${what} ${done('modifiée')} par ${actor}`;
      case 'delete':
        return `${what} ${done('supprimée')} par ${actor}`;
      case 'gateout':
        return `${what} ${done('enlevée')} au terminal de ${actor}`;
      case 'assign':
        return `${what} ${done('assignée')} pour l'enlèvement par ${actor}`;
      case 'unassign':
        return `L'assignation de ${what} a été annulée par ${actor}`;
    }
  },
  hello: (name) => `Bonjour ${name},`,
  list: 'BL : conteneur',
  more: (n) => `et ${n} de plus`,
  link: (url) => `Consultez-les sur Secure Container Release : ${url}`,
  why: (kind) =>
    kind === 'transfer'
      ? 'Vous recevez cet e-mail parce que vous avez demandé dans vos paramètres un e-mail pour les transferts qui vous sont faits.'
      : 'Vous recevez cet e-mail parce que les e-mails sur les changements de vos libérations sont activés dans vos paramètres.',
};

const dutch: ReleaseMailWords = {
  headline(action, n, actor, target) {
    const releases = pick(n, '1 containervrijgave', `${n} containervrijgaves`);
    const what = `${releases} ${pick(n, 'werd', 'werden')}`;
    switch (action) {
      case 'transfer':
        return `${what} aan u overgedragen door ${actor}`;
      case 'revoke':
        return `${what} ingetrokken door ${actor}${target ? ` bij ${target}` : ''}`;
      case 'block':
        return `${what} geblokkeerd door ${actor}`;
      case 'unblock':
        return `${what} gedeblokkeerd door ${actor}`;
      case 'edit':
        return `${what} gewijzigd door ${actor}`;
      case 'delete':
        return `${what} verwijderd door ${actor}`;
      case 'gateout':
        return `${what} opgehaald aan de terminal van ${actor}`;
      case 'assign':
        return `${what} toegewezen voor ophaling door ${actor}`;
      case 'unassign':
        return `De toewijzing van ${releases} werd ongedaan gemaakt door ${actor}`;
    }
  },
  hello: (name) => `Hallo ${name},`,
  list: 'BL : container',
  more: (n) => `en nog ${n}`,
  link: (url) => `Bekijk ze op Secure Container Release: ${url}`,
  why: (kind) =>
    kind === 'transfer'
      ? 'U ontvangt deze e-mail omdat u in uw instellingen gevraagd hebt om een e-mail bij overdrachten aan u.'
      : 'U ontvangt deze e-mail omdat e-mails bij wijzigingen aan uw vrijgaves in uw instellingen aan staan.',
};

const german: ReleaseMailWords = {
  headline(action, n, actor, target) {
    const releases = pick(n, '1 Containerfreigabe', `${n} Containerfreigaben`);
    const what = `${releases} ${pick(n, 'wurde', 'wurden')}`;
    switch (action) {
      case 'transfer':
        return `${what} Ihnen von ${actor} übertragen`;
      case 'revoke':
        return `${what} von ${actor}${target ? ` bei ${target}` : ''} widerrufen`;
      case 'block':
        return `${what} von ${actor} gesperrt`;
      case 'unblock':
        return `${what} von ${actor} entsperrt`;
      case 'edit':
        return `${what} von ${actor} geändert`;
      case 'delete':
        return `${what} von ${actor} gelöscht`;
      case 'gateout':
        return `${what} am Terminal von ${actor} abgeholt`;
      case 'assign':
        return `${what} von ${actor} zur Abholung zugewiesen`;
      case 'unassign':
        return `Die Zuweisung von ${releases} wurde von ${actor} aufgehoben`;
    }
  },
  hello: (name) => `Hallo ${name},`,
  list: 'BL : Container',
  more: (n) => `und ${n} weitere`,
  link: (url) => `Sehen Sie sie in Secure Container Release: ${url}`,
  why: (kind) =>
    kind === 'transfer'
      ? 'Sie erhalten diese E-Mail, weil Sie in Ihren Einstellungen eine E-Mail bei Übertragungen an Sie gewünscht haben.'
      : 'Sie erhalten diese E-Mail, weil E-Mails bei Änderungen Ihrer Freigaben in Ihren Einstellungen eingeschaltet sind.',
};

const italian: ReleaseMailWords = {
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
      case 'edit':
        return `${what} ${done('modificat')} da ${actor}`;
      case 'delete':
        return `${what} ${done('eliminat')} da ${actor}`;
      case 'gateout':
        return `${what} ${done('ritirat')} al terminal di ${actor}`;
      case 'assign':
        return `${what} ${done('assegnat')} per il ritiro da ${actor}`;
      case 'unassign':
        return `L'assegnazione di ${what} è stata annullata da ${actor}`;
    }
  },
  hello: (name) => `Buongiorno ${name},`,
  list: 'BL : container',
  more: (n) => `e altri ${n}`,
  link: (url) => `Li consulti su Secure Container Release: ${url}`,
  why: (kind) =>
    kind === 'transfer'
      ? 'Riceve questa e-mail perché nelle sue impostazioni ha chiesto una e-mail per i trasferimenti a suo favore.'
      : 'Riceve questa e-mail perché nelle sue impostazioni le e-mail sulle modifiche ai suoi rilasci sono attive.',
};

/** The words of every language. */
export const releaseMailWords: Record<Language, ReleaseMailWords> = {
  en: english,
  fr: french,
  nl: dutch,
  de: german,
  it: italian,
};
