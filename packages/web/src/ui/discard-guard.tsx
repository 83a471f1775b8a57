import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from './confirm-dialog.tsx';

export interface DiscardGuard {
  /** Closes at once when nothing was typed, else asks first. Give it to Escape, the backdrop and Cancel. */
  requestClose: () => void;
  /** The confirmation, to render beside the form's dialog. */
  confirmation: ReactNode;
}

/**
 * Issue 15: a filled form is not lost to a stray Escape, backdrop click or Cancel. While
 * `dirty`, closing asks "Discard your changes?" first; keeping the form is the default answer.
 */
export function useDiscardGuard(dirty: boolean, onClose: () => void): DiscardGuard {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  return {
    requestClose: () => (dirty ? setAsking(true) : onClose()),
    confirmation: (
      <ConfirmDialog
        open={asking}
        testId="discard-confirm"
        title={t('discard.title')}
        text={t('discard.text')}
        confirmLabel={t('discard.confirm')}
        cancelLabel={t('discard.keep')}
        danger
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
        onClose={() => setAsking(false)}
      />
    ),
  };
}
