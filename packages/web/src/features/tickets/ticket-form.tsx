import AttachFileIcon from '@mui/icons-material/AttachFile';
import CloseIcon from '@mui/icons-material/Close';
import SendIcon from '@mui/icons-material/Send';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TicketCreated } from '@scr/domain';
import { useTranslation } from 'react-i18next';
import { fieldMessage } from '../../ui/form-message.ts';
import { useSession } from '../session/session-context.tsx';
import { imageAccept } from './ticket-image.ts';
import { useTicketForm, type TicketTextField } from './use-ticket-form.ts';

export interface TicketFormProps {
  /** What the ticket is about (the page's `?destination=`), sent along as it is. */
  destination: string | null;
  onSent: (created: TicketCreated) => void;
  /** One column, for the side drawer. */
  compact?: boolean;
}

const fieldProps: Record<TicketTextField, { required?: boolean; type?: string; rows?: number }> = {
  title: { required: true },
  content: { required: true, rows: 6 },
  email: { required: true, type: 'email' },
  name: {},
  phone: { type: 'tel' },
  company: {},
};

/**
 * The support ticket form (access spec §2 "Support ticket page and side drawer", §3 "Support
 * ticket", §5 "Ticket"): title, content and e-mail required; name, phone, company; one image
 * of at most 5 MB, checked by its content before it is sent.
 */
export function TicketForm({ destination, onSent, compact = false }: TicketFormProps) {
  const { t } = useTranslation();
  const { user } = useSession();
  const form = useTicketForm({ user, destination, onSent });
  const field = (name: TicketTextField) => {
    const { rows, ...props } = fieldProps[name];
    const error = form.errors[name];
    return (
      <TextField
        key={name}
        {...props}
        multiline={rows !== undefined}
        minRows={rows}
        fullWidth
        size="small"
        label={t(`tickets.field.${name}`)}
        value={form.values[name]}
        onChange={(event) => form.setField(name, event.target.value)}
        error={!!error}
        helperText={
          error
            ? fieldMessage(t, error, { defaultValue: t('backend.error.validation_failed') })
            : ' '
        }
        slotProps={{ htmlInput: { 'data-testid': `ticket-${name}` } }}
      />
    );
  };
  const half = compact ? '1 1 100%' : '1 1 calc(50% - 8px)';

  return (
    <Box
      component="form"
      noValidate
      data-testid="ticket-form"
      onSubmit={(event) => {
        event.preventDefault();
        form.submit();
      }}
    >
      <Stack spacing={0.5}>
        {field('title')}
        {field('content')}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
          {(['email', 'name', 'phone', 'company'] as const).map((name) => (
            <Box key={name} sx={{ flex: half, minWidth: 0 }}>
              {field(name)}
            </Box>
          ))}
        </Box>
        <ImagePicker form={form} />
        {destination ? (
          <Typography variant="caption" color="text.secondary" data-testid="ticket-destination">
            {t('tickets.about', { destination })}
          </Typography>
        ) : null}
        <Box>
          <Button
            type="submit"
            variant="contained"
            startIcon={<SendIcon />}
            disabled={form.sending}
            data-testid="ticket-send"
          >
            {form.sending ? t('tickets.sending') : t('tickets.send')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ImagePicker({ form }: { form: ReturnType<typeof useTicketForm> }) {
  const { t } = useTranslation();
  const error = form.errors.image;
  return (
    <Box sx={{ pb: 1 }}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Button component="label" size="small" variant="outlined" startIcon={<AttachFileIcon />}>
          {form.image ? t('tickets.image.replace') : t('tickets.image.attach')}
          <input
            hidden
            type="file"
            accept={imageAccept}
            data-testid="ticket-image"
            onChange={(event) => {
              void form.chooseImage(event.target.files?.[0]);
              event.target.value = '';
            }}
          />
        </Button>
        {form.image ? (
          <Typography variant="body2" data-testid="ticket-image-name">
            {t('tickets.image.chosen', {
              name: form.image.upload.fileName,
              size: Math.max(1, Math.round(form.image.size / 1024)),
            })}
            <IconButton
              size="small"
              aria-label={t('tickets.image.remove')}
              onClick={form.removeImage}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          </Typography>
        ) : (
          <Typography variant="caption" color="text.secondary">
            {t('tickets.image.hint')}
          </Typography>
        )}
      </Box>
      {error ? (
        <FormHelperText error data-testid="ticket-image-error">
          {t(error)}
        </FormHelperText>
      ) : null}
    </Box>
  );
}
