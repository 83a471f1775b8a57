import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useId, useState, type ReactNode } from 'react';

export interface ConsentDialogProps {
  /** Prefix of the test ids: `{testId}-dialog`, and the ids given below. */
  testId: string;
  title: string;
  text: string;
  /** What to read between the text and the box: a link, a list of duties. */
  children?: ReactNode;
  checkboxLabel: string;
  checkboxTestId: string;
  /** Marks the box required for assistive technology. */
  required?: boolean;
  leaveLabel: string;
  leaveTestId: string;
  onLeave: () => void;
  submitLabel: string;
  submitTestId: string;
  /** Records the consent; the submit button stays disabled until it settles. */
  onAccept: () => Promise<void>;
}

/**
 * A dialog that cannot be dismissed: read, tick the box, then submit (enabled only once ticked);
 * the other way out leaves the portal. The EULA and the terms of access (access spec §2, §4).
 */
export function ConsentDialog(props: ConsentDialogProps) {
  const titleId = useId();
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const submit = async () => {
    setBusy(true);
    try {
      await props.onAccept();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog
      open
      aria-labelledby={titleId}
      data-testid={`${props.testId}-dialog`}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
        <DialogContentText>{props.text}</DialogContentText>
        {props.children}
        <FormControlLabel
          control={
            <Checkbox
              required={props.required}
              checked={checked}
              onChange={(event) => setChecked(event.target.checked)}
              slotProps={props.required ? { input: { 'aria-required': true } } : undefined}
              data-testid={props.checkboxTestId}
            />
          }
          label={props.checkboxLabel}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onLeave} data-testid={props.leaveTestId}>
          {props.leaveLabel}
        </Button>
        <Button
          variant="contained"
          disabled={!checked || busy}
          onClick={() => void submit()}
          data-testid={props.submitTestId}
        >
          {props.submitLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
