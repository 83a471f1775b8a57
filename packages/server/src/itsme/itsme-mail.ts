import type { Language } from '@scr/domain';
import type { MailMessage } from '../mail/mail-transport.ts';

interface Values {
  name: string;
  organization: string;
  link: string;
  hours: number;
}

type Template = (values: Values) => { subject: string; text: string };

/** The itsme registration link e-mail (access spec §4 "Drivers, barges, trains"), five languages. */
const itsmeLink: Record<Language, Template> = {
  en: ({ name, organization, link, hours }) => ({
    subject: `${organization}: register with itsme`,
    text: `Hello ${name},\n\n${organization} asks you to confirm your identity with itsme, so that you can pick up containers at secure pick-up terminals.\n\nOpen this link and follow the steps in itsme:\n${link}\n\nThe link is valid for ${hours} hours and can be used once.\n\nIf you do not know ${organization}, ignore this e-mail.\n`,
  }),
  fr: ({ name, organization, link, hours }) => ({
    subject: `${organization} : enregistrement avec itsme`,
    text: `Bonjour ${name},\n\n${organization} vous demande de confirmer votre identité avec itsme, afin de pouvoir enlever des conteneurs aux terminaux à enlèvement sécurisé.\n\nOuvrez ce lien et suivez les étapes dans itsme :\n${link}\n\nLe lien est valable ${hours} heures et ne peut être utilisé qu'une fois.\n\nSi vous ne connaissez pas ${organization}, ignorez cet e-mail.\n`,
  }),
  nl: ({ name, organization, link, hours }) => ({
    subject: `${organization}: registreren met itsme`,
    text: `Hallo ${name},\n\n${organization} vraagt u uw identiteit te bevestigen met itsme, zodat u containers kunt ophalen aan terminals met beveiligde ophaling.\n\nOpen deze link en volg de stappen in itsme:\n${link}\n\nDe link is ${hours} uur geldig en kan één keer gebruikt worden.\n\nKent u ${organization} niet? Negeer dan deze e-mail.\n`,
  }),
  de: ({ name, organization, link, hours }) => ({
    subject: `${organization}: Registrierung mit itsme`,
    text: `Hallo ${name},\n\n${organization} bittet Sie, Ihre Identität mit itsme zu bestätigen, damit Sie Container an Terminals mit gesicherter Abholung abholen können.\n\nÖffnen Sie diesen Link und folgen Sie den Schritten in itsme:\n${link}\n\nDer Link ist ${hours} Stunden gültig und kann einmal verwendet werden.\n\nWenn Sie ${organization} nicht kennen, ignorieren Sie diese E-Mail.\n`,
  }),
  it: ({ name, organization, link, hours }) => ({
    subject: `${organization}: registrazione con itsme`,
    text: `Buongiorno ${name},\n\n${organization} le chiede di confermare la sua identità con itsme, per poter ritirare container ai terminal con ritiro sicuro.\n\nApra questo link e segua i passaggi in itsme:\n${link}\n\nIl link è valido per ${hours} ore e può essere usato una sola volta.\n\nSe non conosce ${organization}, ignori questa e-mail.\n`,
  }),
};

export function itsmeLinkMail(to: string, language: Language, values: Values): MailMessage {
  return { to, ...(itsmeLink[language] ?? itsmeLink.en)(values) };
}
