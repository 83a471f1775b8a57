import AttachFileIcon from '@mui/icons-material/AttachFile';
import DeleteIcon from '@mui/icons-material/Delete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { requestFileExtensions, type RequestFileKind } from '@scr/domain';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { readFileBytes } from './file-bytes.ts';
import type { PickedFile } from './request-form.ts';

const accept = requestFileExtensions.map((extension) => `.${extension}`).join(',');

export interface RequestFilesFieldProps {
  files: PickedFile[];
  onChange: (files: PickedFile[]) => void;
  /** Translated messages: `files` for the set, `files.N` and `files.N.ref` per file. */
  errors: Record<string, string>;
}

/**
 * The files of a request for release (releases spec §3: "files (name, ref comment, content),
 * LOI file"): the letter of indemnity and other documents, each with a comment; the domain
 * checks them by content and size before anything is sent.
 */
export function RequestFilesField({ files, onChange, errors }: RequestFilesFieldProps) {
  const { t } = useTranslation();
  const inputs = {
    letterOfIndemnity: useRef<HTMLInputElement>(null),
    other: useRef<HTMLInputElement>(null),
  };
  const pick = async (kind: RequestFileKind, list: FileList | null) => {
    const picked = await Promise.all(
      [...(list ?? [])].map(async (file) => ({
        key: `${Date.now()}-${Math.random()}`,
        kind,
        name: file.name,
        ref: kind === 'letterOfIndemnity' ? t('requestsForRelease.kind.letterOfIndemnity') : '',
        bytes: await readFileBytes(file),
      })),
    );
    onChange([...files, ...picked]);
  };
  const update = (key: string, ref: string) =>
    onChange(files.map((file) => (file.key === key ? { ...file, ref } : file)));

  return (
    <Box data-testid="rfr-files">
      <Typography variant="subtitle2" color="text.secondary">
        {t('requestsForRelease.form.files')}
      </Typography>
      {files.map((file, index) => (
        <Box key={file.key} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1, mt: 1 }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="body2" noWrap data-testid={`rfr-file-${index}`}>
              {file.name} · {t(`requestsForRelease.kind.${file.kind}`)} ·{' '}
              {Math.ceil(file.bytes.length / 1024)} kB
            </Typography>
            {errors[`files.${index}`] && (
              <FormHelperText error>{errors[`files.${index}`]}</FormHelperText>
            )}
          </Box>
          <TextField
            size="small"
            label={t('requestsForRelease.form.fileRef')}
            value={file.ref}
            onChange={(event) => update(file.key, event.target.value)}
            error={!!errors[`files.${index}.ref`]}
            helperText={errors[`files.${index}.ref`]}
            slotProps={{ htmlInput: { 'data-testid': `rfr-file-ref-${index}` } }}
          />
          <IconButton
            aria-label={t('requestsForRelease.form.removeFile', { name: file.name })}
            onClick={() => onChange(files.filter((other) => other.key !== file.key))}
          >
            <DeleteIcon />
          </IconButton>
        </Box>
      ))}
      <Box sx={{ display: 'flex', gap: 1, mt: 1, flexWrap: 'wrap' }}>
        {(['letterOfIndemnity', 'other'] as const).map((kind) => (
          <Button
            key={kind}
            size="small"
            startIcon={<AttachFileIcon />}
            onClick={() => inputs[kind].current?.click()}
          >
            {t(
              kind === 'other'
                ? 'requestsForRelease.form.addFile'
                : 'requestsForRelease.form.addLoi',
            )}
          </Button>
        ))}
        {(['letterOfIndemnity', 'other'] as const).map((kind) => (
          <input
            key={kind}
            ref={inputs[kind]}
            type="file"
            hidden
            multiple={kind === 'other'}
            accept={accept}
            data-testid={`rfr-add-${kind}`}
            onChange={(event) => {
              void pick(kind, event.target.files);
              event.target.value = '';
            }}
          />
        ))}
      </Box>
      <FormHelperText error={!!errors.files}>
        {errors.files ?? t('requestsForRelease.form.filesHint')}
      </FormHelperText>
    </Box>
  );
}
