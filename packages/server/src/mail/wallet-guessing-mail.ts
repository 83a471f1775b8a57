import { portalTimeZone, type Language } from '@scr/domain';
import type { MailMessage } from './mail-transport.ts';

/** What the e-mail says: how many failures, from how many addresses (never which), since when. */
export interface WalletGuessingValues {
  name: string;
  failures: number;
  addresses: number;
  since: Date;
}

type Template = (values: WalletGuessingValues, since: string) => { subject: string; text: string };

const locales: Record<Language, string> = {
  en: 'en-GB',
  fr: 'fr-BE',
  nl: 'nl-BE',
  de: 'de-DE',
  it: 'it-IT',
};

const formatters = new Map<Language, Intl.DateTimeFormat>();

/** "23 November 2026 at 14:05 CET", in the portal's time zone and the user's language. */
function moment(language: Language, at: Date): string {
  let format = formatters.get(language);
  if (!format) {
    format = new Intl.DateTimeFormat(locales[language], {
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: '2-digit',
      minute: '2-digit',
      timeZone: portalTimeZone,
      timeZoneName: 'short',
    });
    formatters.set(language, format);
  }
  return format.format(at);
}

/**
 * The e-mail to a user whose ID wallet unlocks keep failing (issue 42 item 2), in the user's
 * language: when, how often and from how many addresses, and what to do.
 */
const walletGuessing: Record<Language, Template> = {
  en: ({ name, failures, addresses }, since) => ({
    subject: 'Failed attempts to unlock your ID wallet',
    text: `Hello ${name},\n\nSince ${since}, the password of your ID wallet for Secure Container Release has been entered wrongly ${failures} times, from ${addresses === 1 ? 'one network address' : `${addresses} different network addresses`}.\n\nIf this was you, there is nothing to do.\n\nIf it was not, someone may be trying to guess your password. Your account stays open to you: while the attempts go on, unlocking is slowed down and an address that keeps failing is stopped for a while. If you think someone may know your password, ask your administrator to reset it ("Forgot password?" on the sign-in page), and tell them about this e-mail.\n`,
  }),
  fr: ({ name, failures, addresses }, since) => ({
    subject: 'Tentatives échouées de déverrouiller votre ID wallet',
    text: `Bonjour ${name},\n\nDepuis le ${since}, le mot de passe de votre ID wallet pour Secure Container Release a été saisi incorrectement ${failures} fois, depuis ${addresses === 1 ? 'une adresse réseau' : `${addresses} adresses réseau différentes`}.\n\nSi c'était vous, vous n'avez rien à faire.\n\nSinon, quelqu'un essaie peut-être de deviner votre mot de passe. Votre compte reste ouvert pour vous : tant que les tentatives continuent, le déverrouillage est ralenti et une adresse qui échoue sans cesse est bloquée pendant un moment. Si vous pensez que quelqu'un connaît votre mot de passe, demandez à votre administrateur de le réinitialiser (« Mot de passe oublié ? » sur la page de connexion) et parlez-lui de cet e-mail.\n`,
  }),
  nl: ({ name, failures, addresses }, since) => ({
    subject: 'Mislukte pogingen om uw ID wallet te ontgrendelen',
    text: `Hallo ${name},\n\nSinds ${since} werd het wachtwoord van uw ID wallet voor Secure Container Release ${failures} keer verkeerd ingegeven, vanaf ${addresses === 1 ? 'één netwerkadres' : `${addresses} verschillende netwerkadressen`}.\n\nWas u dat zelf? Dan hoeft u niets te doen.\n\nZo niet, dan probeert iemand misschien uw wachtwoord te raden. Uw account blijft voor u open: zolang de pogingen duren, gaat het ontgrendelen trager en wordt een adres dat blijft mislukken een tijd tegengehouden. Denkt u dat iemand uw wachtwoord kent? Vraag dan uw beheerder het opnieuw in te stellen ("Wachtwoord vergeten?" op de aanmeldpagina) en vertel hem of haar over deze e-mail.\n`,
  }),
  de: ({ name, failures, addresses }, since) => ({
    subject: 'Fehlgeschlagene Versuche, Ihr ID-Wallet zu entsperren',
    text: `Hallo ${name},\n\nseit ${since} wurde das Passwort Ihres ID-Wallets für Secure Container Release ${failures}-mal falsch eingegeben, von ${addresses === 1 ? 'einer Netzwerkadresse' : `${addresses} verschiedenen Netzwerkadressen`} aus.\n\nWenn Sie das waren, müssen Sie nichts tun.\n\nWenn nicht, versucht vielleicht jemand, Ihr Passwort zu erraten. Ihr Konto bleibt für Sie offen: Solange die Versuche andauern, wird das Entsperren verlangsamt, und eine Adresse, die immer wieder scheitert, wird eine Zeit lang gesperrt. Wenn Sie glauben, dass jemand Ihr Passwort kennt, bitten Sie Ihren Administrator, es zurückzusetzen („Passwort vergessen?“ auf der Anmeldeseite), und erzählen Sie ihm von dieser E-Mail.\n`,
  }),
  it: ({ name, failures, addresses }, since) => ({
    subject: 'Tentativi falliti di sbloccare il suo ID wallet',
    text: `Buongiorno ${name},\n\ndal ${since} la password del suo ID wallet per Secure Container Release è stata inserita in modo errato ${failures} volte, da ${addresses === 1 ? 'un indirizzo di rete' : `${addresses} indirizzi di rete diversi`}.\n\nSe è stato lei, non deve fare nulla.\n\nAltrimenti qualcuno potrebbe cercare di indovinare la sua password. Il suo account resta aperto per lei: finché i tentativi continuano, lo sblocco viene rallentato e un indirizzo che continua a sbagliare viene fermato per un po'. Se pensa che qualcuno conosca la sua password, chieda al suo amministratore di reimpostarla ("Password dimenticata?" nella pagina di accesso) e gli parli di questa e-mail.\n`,
  }),
};

/** The e-mail telling a user of repeated failed unlocks of their ID wallet. */
export function walletGuessingMail(
  to: string,
  language: Language,
  values: WalletGuessingValues,
): MailMessage {
  const words = walletGuessing[language] ? language : 'en';
  return { to, ...walletGuessing[words](values, moment(words, values.since)) };
}
