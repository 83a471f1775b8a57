import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useId, useState, type ReactNode } from 'react';
import { useDiscardGuard } from './discard-guard.tsx';

export interface FormDialogSubmit {
  label: string;
  onClick: () => void;
  /** While the request runs, or until the form may be sent. */
  disabled?: boolean;
  testId?: string;
}

export interface FormDialogProps {
  title: ReactNode;
  /** The dialog's `data-testid`. */
  testId?: string;
  maxWidth?: 'xs' | 'sm' | 'md';
  /** Escape, the backdrop and Cancel call it; without it the dialog only closes by its actions. */
  onClose?: () => void;
  /** Shown left of the submit button; needs `onClose`. */
  cancelLabel?: string;
  submit?: FormDialogSubmit;
  /** Actions instead of Cancel and submit, such as the single Close of a result. */
  actions?: ReactNode;
  /** The form's fields, stacked with the same spacing in every dialog. */
  children: ReactNode;
}

/**
 * The frame of every administration dialog (create, edit, invite, request): a title, the
 * stacked fields, Cancel and one contained submit button.
 */
export function FormDialog(props: FormDialogProps) {
  const titleId = useId();
  // Issue 15: once something was typed, Escape, the backdrop and Cancel ask before discarding.
  const [typed, setTyped] = useState(false);
  const guard = useDiscardGuard(typed, () => props.onClose?.());
  const close = props.onClose ? guard.requestClose : undefined;
  return (
    <Dialog
      open
      onClose={close}
      maxWidth={props.maxWidth ?? 'sm'}
      fullWidth
      aria-labelledby={titleId}
      data-testid={props.testId}
    >
      <DialogTitle id={titleId}>{props.title}</DialogTitle>
      <DialogContent onInput={() => setTyped(true)}>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {props.children}
        </Stack>
      </DialogContent>
      <DialogActions>
        {props.actions ?? (
          <>
            {props.cancelLabel && close && <Button onClick={close}>{props.cancelLabel}</Button>}
            {props.submit && (
              <Button
                variant="contained"
                onClick={props.submit.onClick}
                disabled={props.submit.disabled}
                data-testid={props.submit.testId}
              >
                {props.submit.label}
              </Button>
            )}
          </>
        )}
      </DialogActions>
      {guard.confirmation}
    </Dialog>
  );
}
