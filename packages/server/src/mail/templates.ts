import type { Language } from '@scr/domain';
import type { MailMessage } from './mail-transport.ts';

type Template = (values: { name: string; code: string; minutes: number }) => {
  subject: string;
  text: string;
};

/** The two-factor code e-mail, in the user's preferred language (access spec §4 "Two-factor"). */
const twoFactorCode: Record<Language, Template> = {
  en: ({ name, code, minutes }) => ({
    subject: `Your verification code: ${code}`,
    text: `Hello ${name},\n\nYour verification code for Secure Container Release is ${code}.\nIt is valid for ${minutes} minutes and can be used once.\n\nIf you did not try to sign in, ignore this e-mail and tell your administrator.\n`,
  }),
  fr: ({ name, code, minutes }) => ({
    subject: `Votre code de vérification : ${code}`,
    text: `Bonjour ${name},\n\nVotre code de vérification pour Secure Container Release est ${code}.\nIl est valable ${minutes} minutes et ne peut être utilisé qu'une fois.\n\nSi vous n'avez pas essayé de vous connecter, ignorez cet e-mail et prévenez votre administrateur.\n`,
  }),
  nl: ({ name, code, minutes }) => ({
    subject: `Uw verificatiecode: ${code}`,
    text: `Hallo ${name},\n\nUw verificatiecode voor Secure Container Release is ${code}.\nDe code is ${minutes} minuten geldig en kan één keer gebruikt worden.\n\nHebt u niet geprobeerd aan te melden? Negeer dan deze e-mail en verwittig uw beheerder.\n`,
  }),
  de: ({ name, code, minutes }) => ({
    subject: `Ihr Bestätigungscode: ${code}`,
    text: `Hallo ${name},\n\nIhr Bestätigungscode für Secure Container Release lautet ${code}.\nEr ist ${minutes} Minuten gültig und kann einmal verwendet werden.\n\nWenn Sie sich nicht anmelden wollten, ignorieren Sie diese E-Mail und informieren Sie Ihren Administrator.\n`,
  }),
  it: ({ name, code, minutes }) => ({
    subject: `Il suo codice di verifica: ${code}`,
    text: `Buongiorno ${name},\n\nil suo codice di verifica per Secure Container Release è ${code}.\nÈ valido per ${minutes} minuti e può essere usato una sola volta.\n\nSe non ha provato ad accedere, ignori questa e-mail e avvisi il suo amministratore.\n`,
  }),
};

export function twoFactorCodeMail(
  to: string,
  language: Language,
  values: { name: string; code: string; minutes: number },
): MailMessage {
  return { to, ...(twoFactorCode[language] ?? twoFactorCode.en)(values) };
}
