import { useMutation } from '@tanstack/react-query';
import {
  validateTicket,
  type TicketCreated,
  type TicketFields,
  type TicketInput,
} from '@scr/domain';
import { useState } from 'react';
import { HttpError } from '../../api/http.ts';
import { useErrorDialog } from '../../ui/error-dialog/error-dialog.tsx';
import type { SessionUser } from '../session/session-user.ts';
import { sendTicket } from './ticket-api.ts';
import { readTicketImage, type ChosenImage } from './ticket-image.ts';

export const ticketTextFields = ['title', 'content', 'email', 'name', 'phone', 'company'] as const;
export type TicketTextField = (typeof ticketTextFields)[number];
export type TicketFormValues = Record<TicketTextField, string>;

/** Field → translation key of its problem (the form's own, or the server's answer). */
export type TicketFormErrors = Partial<Record<TicketTextField | 'image', string>>;

/** A new form: who is signed in is the likely sender (access spec §3 "Support ticket"). */
export function initialTicketValues(user: SessionUser | null): TicketFormValues {
  return {
    title: '',
    content: '',
    email: user?.email ?? '',
    name: user ? `${user.firstName} ${user.lastName}`.trim() : '',
    phone: '',
    company: user?.organization.name ?? '',
  };
}

const keyed = (errors: Record<string, string>) =>
  Object.fromEntries(Object.entries(errors).map(([f, m]) => [f, `tickets.validation.${m}`]));

const orNull = (text: string) => (text.trim() ? text.trim() : null);

/** The field problems of a refused ticket (400 or 413 with `data.fields`), if it has some. */
function fieldsOf(error: unknown): TicketFormErrors | null {
  if (!(error instanceof HttpError)) return null;
  const fields = (error.data as { fields?: unknown } | null)?.fields;
  return fields && typeof fields === 'object' ? (fields as TicketFormErrors) : null;
}

/**
 * The ticket form's state (access spec §5 "Ticket"): the fields, the image read and checked in
 * the browser as the server will (domain rules), the send. A refusal with field problems shows
 * them under the fields; any other failure opens the general error dialog (§8 "Ticket failure").
 */
export function useTicketForm(options: {
  user: SessionUser | null;
  destination: string | null;
  onSent: (created: TicketCreated) => void;
}) {
  const { showError } = useErrorDialog();
  const [values, setValues] = useState(() => initialTicketValues(options.user));
  const [image, setImage] = useState<ChosenImage | null>(null);
  const [errors, setErrors] = useState<TicketFormErrors>({});

  const send = useMutation({
    mutationFn: (input: TicketInput) => sendTicket(input),
    onSuccess: (created) => {
      setValues(initialTicketValues(options.user));
      setImage(null);
      setErrors({});
      options.onSent(created);
    },
    onError: (error) => {
      const fields = fieldsOf(error);
      if (fields) setErrors(fields);
      else showError(error);
    },
  });

  const setField = (field: TicketTextField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors(({ [field]: _dropped, ...rest }) => rest);
  };

  const chooseImage = async (file: File | null | undefined) => {
    setErrors(({ image: _dropped, ...rest }) => rest);
    if (!file) return;
    const reading = await readTicketImage(file);
    if ('refusal' in reading) {
      setImage(null);
      setErrors((current) => ({ ...current, image: `tickets.validation.${reading.refusal}` }));
    } else setImage(reading.image);
  };

  const submit = () => {
    const found = validateTicket(values satisfies TicketFields);
    if (Object.keys(found).length > 0 || errors.image) {
      setErrors((current) => ({
        ...keyed(found),
        ...(current.image ? { image: current.image } : {}),
      }));
      return;
    }
    send.mutate({
      title: values.title.trim(),
      content: values.content.trim(),
      email: values.email.trim(),
      name: orNull(values.name),
      phone: orNull(values.phone),
      company: orNull(values.company),
      destination: options.destination,
      image: image?.upload ?? null,
    });
  };

  return {
    values,
    setField,
    image,
    chooseImage,
    removeImage: () => setImage(null),
    errors,
    submit,
    sending: send.isPending,
  };
}
