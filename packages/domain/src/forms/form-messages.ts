/**
 * Releases spec §5 and access spec §5 "Generic form messages": the templates every form's
 * messages are written in, in English. The web has each template once per language, under
 * `form.` (`form.required`, `form.maxLength.characters`…), and every form's generic message
 * is one of them with a field's label and a number: "Please provide a/an {label}", "Email is not
 * valid", "Please enter N characters/digits", "at least", "no more than", "{label} must start
 * with one of: …" and the password-match rule.
 */
export const formTemplates = {
  required: 'Please provide {{label}}',
  email: 'Email is not valid',
  length: { characters: 'Please enter {{n}} characters', digits: 'Please enter {{n}} digits' },
  minLength: {
    characters: 'Please enter at least {{n}} characters',
    digits: 'Please enter at least {{n}} digits',
  },
  maxLength: {
    characters: 'Please enter no more than {{n}} characters',
    digits: 'Please enter no more than {{n}} digits',
  },
  prefix: '{{label}} must start with one of: {{prefixes}}',
  passwordMatch: 'The passwords do not match',
} as const;

/**
 * The fields the portal's own forms name in their messages, in English (the web's `form.labels`
 * in each language): `a` with its indefinite article, as "Please provide a/an {label}" puts it
 * ("a BL number", "an ENI number"); `name` where the label begins a sentence ("{label} must
 * start with one of").
 */
export const formLabels = {
  blNumber: { a: 'a BL number', name: 'BL number' },
  containerNumber: { a: 'a container number' },
  pickupLocation: { a: 'a pickup location' },
  validFrom: { a: 'a Valid from date' },
  validUntil: { a: 'a Valid until date' },
  carrier: { a: 'a carrier' },
  fileName: { a: 'a file name' },
  firstName: { a: 'a first name' },
  lastName: { a: 'a last name' },
  name: { a: 'a name' },
  eniNumber: { a: 'an ENI number' },
  trainCode: { a: 'a train code' },
  title: { a: 'a title' },
  description: { a: 'a description' },
  email: { a: 'an e-mail address' },
  password: { a: 'a password' },
  flavour: { a: 'a flavour' },
  invoiceOrganization: { a: 'an organisation to invoice' },
  invoiceEmail: { a: 'an invoice e-mail address' },
  walletPassword: { a: 'your own wallet password' },
  organization: { a: 'an organisation' },
  port: { a: 'a port' },
  sealingKey: { a: 'a sealing public key' },
  url: { a: 'an endpoint URL' },
} as const satisfies Record<string, { a: string; name?: string }>;
export type FormLabelId = keyof typeof formLabels;
/** The labels that can begin a sentence (the prefix rule names them). */
export type NamedFormLabelId = {
  [K in FormLabelId]: (typeof formLabels)[K] extends { name: string } ? K : never;
}[FormLabelId];

/**
 * A label the message names: one of the portal's own, or a field's own label as its form shows
 * it (a document's field, an administration field), `{ text }`, named as it is ("Please provide
 * a Reference"), its article found from it.
 */
export type FormLabel = FormLabelId | { text: string };
export type LengthUnit = 'characters' | 'digits';

/** One generic message: its template and what fills it. */
export type FormMessage =
  | { template: 'required'; label: FormLabel }
  | { template: 'email' }
  | { template: 'length' | 'minLength' | 'maxLength'; n: number; unit: LengthUnit }
  | { template: 'prefix'; label: NamedFormLabelId | { text: string } }
  | { template: 'passwordMatch' };

/** "Please provide a/an {label}". */
export const required = (label: FormLabel): FormMessage => ({ template: 'required', label });
/** "Email is not valid". */
export const emailInvalid = (): FormMessage => ({ template: 'email' });
/** "Please enter N characters/digits". */
export const lengthOf = (n: number, unit: LengthUnit): FormMessage => ({
  template: 'length',
  n,
  unit,
});
/** "Please enter at least N characters/digits". */
export const atLeast = (n: number, unit: LengthUnit): FormMessage => ({
  template: 'minLength',
  n,
  unit,
});
/** "Please enter no more than N characters/digits". */
export const noMoreThan = (n: number, unit: LengthUnit): FormMessage => ({
  template: 'maxLength',
  n,
  unit,
});
/** "{label} must start with one of: …" (the prefixes are filled in when it is shown). */
export const startsWith = (label: NamedFormLabelId | { text: string }): FormMessage => ({
  template: 'prefix',
  label,
});
/** The password-match rule. */
export const passwordsMatch = (): FormMessage => ({ template: 'passwordMatch' });

/**
 * The English indefinite article of a label: "an" before a vowel sound. A label starting with
 * an abbreviation is read letter by letter ("an ENI number", "an SCR account", "a BL number");
 * a word by its first letter, "u" words as most are said ("a user", "an update").
 */
export function indefiniteArticle(label: string): 'a' | 'an' {
  const word = label.trim().split(/[\s-]/)[0] ?? '';
  if (word.length > 1 && word === word.toUpperCase() && /^[A-Z]/.test(word)) {
    return 'AEFHILMNORSX'.includes(word[0]!) ? 'an' : 'a';
  }
  const lower = word.toLowerCase();
  if (/^(one|once|eu|uni|use|usu|ur)/.test(lower)) return 'a';
  if (/^(hour|honest|honou?r)/.test(lower)) return 'an';
  return /^[aeiou]/.test(lower) ? 'an' : 'a';
}

/** A label with its article, in English. */
function englishLabel(label: FormLabel, form: 'a' | 'name'): string {
  if (typeof label !== 'string') {
    return form === 'a' ? `${indefiniteArticle(label.text)} ${label.text}` : label.text;
  }
  const entry: { a: string; name?: string } = formLabels[label];
  return form === 'name' ? (entry.name ?? entry.a) : entry.a;
}

/**
 * A generic message in English (the API's text, the tests' reference). `{{prefixes}}` stays a
 * placeholder unless given, as the message tables hold it.
 */
export function formMessageText(message: FormMessage, values: { prefixes?: string } = {}): string {
  switch (message.template) {
    case 'required':
      return formTemplates.required.replace('{{label}}', englishLabel(message.label, 'a'));
    case 'email':
      return formTemplates.email;
    case 'length':
    case 'minLength':
    case 'maxLength':
      return formTemplates[message.template][message.unit].replace('{{n}}', String(message.n));
    case 'prefix': {
      const text = formTemplates.prefix.replace('{{label}}', englishLabel(message.label, 'name'));
      return values.prefixes === undefined ? text : text.replace('{{prefixes}}', values.prefixes);
    }
    case 'passwordMatch':
      return formTemplates.passwordMatch;
  }
}

/** A table of a form's generic messages as the English texts its message table holds. */
export function formMessageTexts<K extends string>(
  messages: Readonly<Record<K, FormMessage>>,
): Record<K, string> {
  return Object.fromEntries(
    Object.entries<FormMessage>(messages).map(([key, message]) => [key, formMessageText(message)]),
  ) as Record<K, string>;
}
