import type { Language } from '@scr/domain';
import type { MailMessage } from '../../mail/mail-transport.ts';

interface Values {
  name: string;
  organization: string;
  link: string;
  days: number;
}

type Template = (values: Values) => { subject: string; text: string };

/** The sign-in link e-mail, in the user's preferred language (access spec §4 "Login flow"). */
const loginLink: Record<Language, Template> = {
  en: ({ name, organization, link, days }) => ({
    subject: 'Your sign-in link for Secure Container Release',
    text: `Hello ${name},\n\nYour administrator sent you a link to sign in to Secure Container Release for ${organization}:\n\n${link}\n\nIt opens the sign-in with your account chosen; enter the password of your ID wallet (a new one your administrator gave you, if they reset it). The link works once, for ${days} days.\n\nIf you did not expect this e-mail, ignore it and tell your administrator.\n`,
  }),
  fr: ({ name, organization, link, days }) => ({
    subject: 'Votre lien de connexion à Secure Container Release',
    text: `Bonjour ${name},\n\nVotre administrateur vous a envoyé un lien pour vous connecter à Secure Container Release pour ${organization} :\n\n${link}\n\nIl ouvre la connexion avec votre compte déjà choisi ; saisissez le mot de passe de votre ID wallet (le nouveau que votre administrateur vous a donné, s'il l'a réinitialisé). Le lien ne sert qu'une fois, pendant ${days} jours.\n\nSi vous n'attendiez pas cet e-mail, ignorez-le et prévenez votre administrateur.\n`,
  }),
  nl: ({ name, organization, link, days }) => ({
    subject: 'Uw aanmeldlink voor Secure Container Release',
    text: `Hallo ${name},\n\nUw beheerder stuurde u een link om aan te melden bij Secure Container Release voor ${organization}:\n\n${link}\n\nDe link opent het aanmelden met uw account al gekozen; geef het wachtwoord van uw ID wallet in (het nieuwe dat uw beheerder u gaf, als die het opnieuw instelde). De link werkt één keer, ${days} dagen lang.\n\nVerwachtte u deze e-mail niet? Negeer hem dan en verwittig uw beheerder.\n`,
  }),
  de: ({ name, organization, link, days }) => ({
    subject: 'Ihr Anmeldelink für Secure Container Release',
    text: `Hallo ${name},\n\nIhr Administrator hat Ihnen einen Link zur Anmeldung bei Secure Container Release für ${organization} gesendet:\n\n${link}\n\nEr öffnet die Anmeldung mit Ihrem bereits gewählten Konto; geben Sie das Passwort Ihres ID-Wallets ein (das neue, das Ihr Administrator Ihnen gegeben hat, falls er es zurückgesetzt hat). Der Link funktioniert einmal, ${days} Tage lang.\n\nWenn Sie diese E-Mail nicht erwartet haben, ignorieren Sie sie und informieren Sie Ihren Administrator.\n`,
  }),
  it: ({ name, organization, link, days }) => ({
    subject: 'Il suo link di accesso a Secure Container Release',
    text: `Buongiorno ${name},\n\nil suo amministratore le ha inviato un link per accedere a Secure Container Release per ${organization}:\n\n${link}\n\nIl link apre l'accesso con il suo account già scelto; inserisca la password del suo ID wallet (quella nuova che le ha dato l'amministratore, se l'ha reimpostata). Il link funziona una sola volta, per ${days} giorni.\n\nSe non si aspettava questa e-mail, la ignori e avvisi il suo amministratore.\n`,
  }),
};

/** The e-mail carrying a user's login link. */
export function loginLinkMail(to: string, language: Language, values: Values): MailMessage {
  return { to, ...(loginLink[language] ?? loginLink.en)(values) };
}
