import UploadFileIcon from '@mui/icons-material/UploadFile';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

/**
 * One file to send (the multi-upload, the COREOR message, the bulk operations' workbook): a
 * button that opens the file picker, and the chosen file's name or what stands for none. The
 * same file chosen again (after fixing it) is reported again.
 */
export function FileChooser(props: {
  /** The button's text. */
  label: string;
  /** Shown while no file is chosen. */
  noFile: string;
  accept: string;
  file: File | null;
  disabled?: boolean;
  onChoose: (file: File | null) => void;
  /** The input's test id; the name's is `${testId}-name`. */
  testId: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
      <Button
        component="label"
        variant="outlined"
        startIcon={<UploadFileIcon />}
        disabled={props.disabled}
      >
        {props.label}
        <input
          hidden
          type="file"
          accept={props.accept}
          data-testid={props.testId}
          onChange={(event) => {
            props.onChoose(event.target.files?.[0] ?? null);
            event.target.value = '';
          }}
        />
      </Button>
      <Typography
        color={props.file ? 'text.primary' : 'text.secondary'}
        data-testid={`${props.testId}-name`}
      >
        {props.file?.name ?? props.noFile}
      </Typography>
    </Box>
  );
}
