import type { ReactNode } from 'react';
import { Dialog as AriaDialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from './Button.tsx';

export interface DialogProps {
  title: string;
  /** The element that opens it: a Button (React Aria wires its press and its focus return). */
  trigger: ReactNode;
  /** The dialog's body; given `close` to end it (after a successful action, say). */
  children: (close: () => void) => ReactNode;
  /** alertdialog for a confirmation of something that cannot be undone. */
  role?: 'dialog' | 'alertdialog';
  /** Controlled open state, when the page decides (e.g. closes it after a mutation). */
  isOpen?: boolean;
  onOpenChange?: (isOpen: boolean) => void;
}

/** A modal dialog: focus moves in and is held there, Escape or Cancel closes it, focus returns to the trigger. */
export function Dialog({ title, trigger, children, role = 'dialog', isOpen, onOpenChange }: DialogProps) {
  return (
    <DialogTrigger {...(isOpen !== undefined ? { isOpen } : {})} {...(onOpenChange ? { onOpenChange } : {})}>
      {trigger}
      <ModalOverlay className="modal-overlay" isDismissable={role === 'dialog'}>
        <Modal className="modal">
          <AriaDialog role={role} className="dialog">
            {({ close }) => (
              <>
                <Heading slot="title" className="dialog-title">
                  {title}
                </Heading>
                {children(close)}
              </>
            )}
          </AriaDialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}

export interface ConfirmDialogProps {
  title: string;
  trigger: ReactNode;
  /** What will happen, in a sentence. */
  message: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it resolves. */
  onConfirm: () => Promise<unknown> | undefined;
  isPending?: boolean;
  danger?: boolean;
}

/** "Are you sure?" for an action that removes or ends something: Cancel is focused first. */
export function ConfirmDialog({ title, trigger, message, confirmLabel, onConfirm, isPending, danger = true }: ConfirmDialogProps) {
  // A refusal stays open: the page shows the error (its mutation's), and Cancel still closes.
  async function confirm(close: () => void) {
    try {
      await onConfirm();
      close();
    } catch {}
  }
  return (
    <Dialog title={title} trigger={trigger} role="alertdialog">
      {(close) => (
        <>
          <div className="dialog-body">{message}</div>
          <div className="dialog-actions">
            <Button variant="secondary" onPress={close} autoFocus>
              Cancel
            </Button>
            <Button variant={danger ? 'danger' : 'primary'} isPending={isPending ?? false} onPress={() => void confirm(close)}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </Dialog>
  );
}

/** The foot of a form in a dialog: Cancel, and the submit button that names what the form does. */
export function FormActions({
  onCancel,
  submit,
  variant = 'primary',
  isPending,
}: {
  onCancel: () => void;
  submit: string;
  variant?: 'primary' | 'danger';
  isPending: boolean;
}) {
  return (
    <div className="dialog-actions">
      <Button onPress={onCancel}>Cancel</Button>
      <Button type="submit" variant={variant} isPending={isPending}>
        {submit}
      </Button>
    </div>
  );
}
