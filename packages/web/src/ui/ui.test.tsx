import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { ConsentDialog } from './consent-dialog.tsx';
import { FileChooser } from './file-chooser.tsx';
import { FormDialog } from './form-dialog.tsx';
import { PagingControls, usePaging } from './paging.tsx';

describe('issue 10 §5: one confirm dialog for releases and administration', () => {
  const props = {
    open: true,
    title: 'Delete?',
    text: 'Two releases',
    confirmLabel: 'Delete',
    cancelLabel: 'Cancel',
    testId: 'release-confirm',
  };

  it('names the dialog and its confirm button after testId, and runs confirm and cancel', async () => {
    const onConfirm = vi.fn();
    const onClose = vi.fn();
    render(<ConfirmDialog {...props} onConfirm={onConfirm} onClose={onClose} />);
    const dialog = screen.getByTestId('release-confirm-dialog');
    expect(dialog).toHaveTextContent('Two releases');
    expect(screen.getByRole('dialog', { name: 'Delete?' })).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('release-confirm'));
    expect(onConfirm).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('makes the confirm button red only when danger', () => {
    const { unmount } = render(
      <ConfirmDialog {...props} danger onConfirm={vi.fn()} onClose={vi.fn()} />,
    );
    expect(screen.getByTestId('release-confirm')).toHaveClass('MuiButton-colorError');
    unmount();
    render(<ConfirmDialog {...props} onConfirm={vi.fn()} onClose={vi.fn()} />);
    expect(screen.getByTestId('release-confirm')).toHaveClass('MuiButton-colorPrimary');
  });

  it('while busy disables both buttons and does not close on Escape', async () => {
    const onClose = vi.fn();
    render(<ConfirmDialog {...props} busy onConfirm={vi.fn()} onClose={onClose} />);
    expect(screen.getByTestId('release-confirm')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('issue 10 §5: one form dialog frame for the administration dialogs', () => {
  it('shows Cancel and the submit button, and calls each', async () => {
    const onClose = vi.fn();
    const onClick = vi.fn();
    render(
      <FormDialog
        title="New terminal"
        testId="terminal-dialog"
        onClose={onClose}
        cancelLabel="Cancel"
        submit={{ label: 'Save', onClick, testId: 'terminal-save' }}
      >
        <input aria-label="Code" />
      </FormDialog>,
    );
    expect(screen.getByRole('dialog', { name: 'New terminal' })).toBe(
      screen.getByTestId('terminal-dialog').querySelector('[role="dialog"]'),
    );
    await userEvent.click(screen.getByTestId('terminal-save'));
    expect(onClick).toHaveBeenCalledOnce();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('keeps the submit button disabled when asked, and lets actions replace both buttons', () => {
    const { unmount } = render(
      <FormDialog
        title="T"
        onClose={vi.fn()}
        cancelLabel="Cancel"
        submit={{ label: 'Save', onClick: vi.fn(), disabled: true, testId: 'save' }}
      >
        fields
      </FormDialog>,
    );
    expect(screen.getByTestId('save')).toBeDisabled();
    unmount();
    render(
      <FormDialog title="T" cancelLabel="Cancel" actions={<button>Done</button>}>
        result
      </FormDialog>,
    );
    expect(screen.getAllByRole('button').map((button) => button.textContent)).toEqual(['Done']);
  });
});

describe('issue 10 §5: one consent dialog for the EULA and the terms (access spec §2, §4)', () => {
  function renderConsent(onAccept: () => Promise<void>, onLeave = vi.fn()) {
    render(
      <ConsentDialog
        testId="eula"
        title="EULA"
        text="Please read"
        checkboxLabel="I accept"
        checkboxTestId="accept"
        required
        leaveLabel="Cancel"
        leaveTestId="leave"
        onLeave={onLeave}
        submitLabel="Submit"
        submitTestId="submit"
        onAccept={onAccept}
      >
        <a href="/eula">Read</a>
      </ConsentDialog>,
    );
    return onLeave;
  }

  it('enables submit only once ticked, and disables it while the consent is recorded', async () => {
    let settle: () => void = () => undefined;
    const onAccept = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    renderConsent(onAccept);
    expect(screen.getByTestId('eula-dialog')).toHaveTextContent('Read');
    expect(screen.getByTestId('submit')).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: /I accept/ }));
    expect(screen.getByTestId('submit')).toBeEnabled();
    await userEvent.click(screen.getByTestId('submit'));
    expect(onAccept).toHaveBeenCalledOnce();
    expect(screen.getByTestId('submit')).toBeDisabled();
    settle();
    await vi.waitFor(() => expect(screen.getByTestId('submit')).toBeEnabled());
  });

  it('cannot be dismissed with Escape; the other way out is the leave button', async () => {
    const onLeave = renderConsent(vi.fn(async () => undefined));
    await userEvent.keyboard('{Escape}');
    expect(screen.getByTestId('eula-dialog')).toBeInTheDocument();
    await userEvent.click(screen.getByTestId('leave'));
    expect(onLeave).toHaveBeenCalledOnce();
  });
});

describe('issue 10 §5: one file chooser for the multi-upload, COREOR and bulk files', () => {
  it('names the chosen file, and reports the same file chosen again after a fix', async () => {
    const onChoose = vi.fn();
    const props = { label: 'Choose', noFile: 'No file', accept: '.csv', testId: 'sheet' };
    const { rerender } = render(<FileChooser {...props} file={null} onChoose={onChoose} />);
    expect(screen.getByTestId('sheet-name')).toHaveTextContent('No file');
    expect(screen.getByTestId('sheet')).toHaveAttribute('accept', '.csv');
    const file = new File(['BL;Container'], 'releases.csv', { type: 'text/csv' });
    await userEvent.upload(screen.getByTestId('sheet'), file);
    await userEvent.upload(screen.getByTestId('sheet'), file);
    expect(onChoose).toHaveBeenCalledTimes(2);
    expect(onChoose).toHaveBeenLastCalledWith(file);
    rerender(<FileChooser {...props} file={file} onChoose={onChoose} />);
    expect(screen.getByTestId('sheet-name')).toHaveTextContent('releases.csv');
  });
});

describe('issue 10 §5: one paging for the administration tables, the documents and the requests', () => {
  function Paged({ onQuery }: { onQuery: (query: { $limit: number; $skip: number }) => void }) {
    const paging = usePaging(10);
    onQuery(paging.query);
    return <PagingControls paging={paging} count={45} />;
  }

  it('turns pages as $skip, and a new page size starts again at the first page', async () => {
    const onQuery = vi.fn();
    render(<Paged onQuery={onQuery} />);
    expect(onQuery).toHaveBeenLastCalledWith({ $limit: 10, $skip: 0 });
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    await userEvent.click(screen.getByRole('button', { name: /next page/i }));
    expect(onQuery).toHaveBeenLastCalledWith({ $limit: 10, $skip: 20 });
    expect(screen.getByText('21–30 of 45')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('combobox', { name: /rows per page/i }));
    await userEvent.click(screen.getByRole('option', { name: '25' }));
    expect(onQuery).toHaveBeenLastCalledWith({ $limit: 25, $skip: 0 });
    expect(screen.getByText('1–25 of 45')).toBeInTheDocument();
  });
});
