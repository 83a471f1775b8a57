import {
  genericFormMessage,
  indefiniteArticle,
  type FormLabel,
  type FormMessage,
} from '@scr/domain';
import type { TFunction } from 'i18next';

/** The app's own strings, whichever namespace the caller's `t` reads (the admin section's). */
const app = { ns: 'translation' } as const;

/**
 * The label a message names, in the user's language: one of the portal's own (`form.labels`),
 * or a field's own label as its form shows it (`form.anyLabel`: in English after the article the
 * label takes, its context; in the other languages as the field's name).
 */
function labelText(t: TFunction, label: FormLabel, form: 'a' | 'name'): string {
  if (typeof label === 'string') return t(`form.labels.${label}.${form}`, app);
  if (form === 'name') return label.text;
  return t('form.anyLabel', { ...app, context: indefiniteArticle(label.text), label: label.text });
}

/**
 * Releases spec §5 and access spec §5 "Generic form messages": a generic message in the user's
 * language, from the one template of its kind (`form.*`; the domain's `formTemplates` in English).
 */
export function formMessageText(
  t: TFunction,
  message: FormMessage,
  values: { prefixes?: string } = {},
): string {
  switch (message.template) {
    case 'required':
      return t('form.required', { ...app, label: labelText(t, message.label, 'a') });
    case 'email':
      return t('form.email', app);
    case 'length':
    case 'minLength':
    case 'maxLength':
      return t(`form.${message.template}.${message.unit}`, { ...app, n: message.n });
    case 'prefix':
      return t('form.prefix', {
        ...app,
        label: labelText(t, message.label, 'name'),
        prefixes: values.prefixes ?? '',
      });
    case 'passwordMatch':
      return t('form.passwordMatch', app);
  }
}

/**
 * A field's problem by the translation key it carries, whether the form's own check found it or
 * the server answered it: said with the generic templates when the domain says the key stands for
 * one of them (`genericFormMessage`), else in its own words. `values` fills the placeholders
 * (`prefixes`, `max`, a `defaultValue` for a key nobody translated).
 */
export function fieldMessage(
  t: TFunction,
  key: string,
  values: Record<string, string | number> = {},
): string {
  const generic = genericFormMessage(key);
  if (generic) return formMessageText(t, generic, { prefixes: String(values.prefixes ?? '') });
  return t(key, values);
}
