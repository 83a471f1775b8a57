import type { Language } from '@scr/domain';

type Other = Exclude<Language, 'en'>;
const all: readonly Other[] = ['fr', 'nl', 'de', 'it'];

/**
 * Issue 15: the texts a translation may rightly leave as in English, each with why. Anything
 * else equal to the English text is an English string left in a non-English locale, which the
 * locale test refuses: the user would meet English where they chose French, Dutch, German or
 * Italian (tooltips included: MUI's own texts are keys under `mui.` and `paging.`).
 */
const sameWords: readonly { texts: readonly string[]; in: readonly Other[]; why: string }[] = [
  {
    texts: ['SCR', 'SCR Premium', 'SCR API', 'SCR Freemium', 'SCR Basic', 'itsme', 'Alfapass'],
    in: all,
    why: 'product and brand names',
  },
  {
    texts: ['English', 'Français', 'Nederlands', 'Deutsch', 'Italiano'],
    in: all,
    why: 'each language is named in its own words in every locale',
  },
  { texts: ['OK', 'PDF', 'CSV', 'Excel', 'PIN', 'BL'], in: all, why: 'the same word everywhere' },
  { texts: ['Terminal'], in: all, why: 'the port word in every one of these languages' },
  { texts: ['Cookies'], in: ['fr', 'nl', 'de'], why: 'the web word used as is' },
  { texts: ['Multi'], in: all, why: 'the multi formula of the price list (access spec §9)' },
  { texts: ['E-mail'], in: ['fr', 'nl', 'it'], why: 'the usual word there' },
  { texts: ['Container', 'Containers'], in: ['nl', 'de', 'it'], why: 'the usual word there' },
  {
    texts: ['{{count}} container', '{{count}} containers', 'Containers: {{list}}', 'Per container'],
    in: ['nl', 'it'],
    why: 'Dutch and Italian say container too',
  },
  { texts: ['Agent'], in: ['fr', 'nl', 'de'], why: 'the shipping agent, the same word' },
  { texts: ['Status', 'Status {{status}}'], in: ['nl', 'de'], why: 'the same word' },
  { texts: ['Dashboard'], in: ['nl', 'de', 'it'], why: 'the usual word there' },
  { texts: ['Organisation'], in: ['fr', 'de'], why: 'the same word' },
  {
    texts: [
      'Organisations',
      'Identification',
      'Administration',
      'Source',
      'Description',
      'Documents',
      'Actions',
      'Barge',
      'Barges',
      'Train',
      'Trains',
      'barge',
      'train',
      'Type',
      'Format',
      'Import',
      'Export',
      'Rail',
    ],
    in: ['fr'],
    why: 'French words spelt as in English',
  },
  {
    texts: ['Type', 'Pincode', 'Pincodes', 'Open', '1 week', 'Format', 'Rail'],
    in: ['nl'],
    why: 'Dutch words spelt as in English',
  },
  {
    texts: ['System', 'Name', 'Global', 'Import', 'Export', 'Format'],
    in: ['de'],
    why: 'German words spelt as in English',
  },
  { texts: ['Gate-out'], in: ['nl', 'de'], why: 'the terminal word used as is' },
  { texts: ['No', 'Formula', 'Password'], in: ['it'], why: 'Italian words spelt as in English' },
];

/** Whether `text` may read the same in `language` as in English. */
export function mayStayEnglish(text: string, language: Other): boolean {
  // Only placeholders, numbers, units and punctuation: nothing to translate.
  if (!/\p{L}{3,}/u.test(text.replace(/{{\s*\w+\s*}}/g, '').replace(/\bkB\b/g, ''))) return true;
  return sameWords.some((entry) => entry.in.includes(language) && entry.texts.includes(text));
}
