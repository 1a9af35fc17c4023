import type { ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './dialog';

/**
 * A confirmation's words, already translated: usually a feature's text subtree read whole
 * (`t('delete', { returnObjects: true, name })`), so each feature keeps its text in its own group.
 */
export interface ConfirmTexts {
  title: string;
  description?: string | undefined;
  cancel: string;
  confirm: string;
  /** The confirm button's words while the action is under way (`Eliminando…`); `confirm` when absent. */
  pending?: string | undefined;
}

export interface ConfirmDialogProps {
  /** Fixed id: Ark derives the ids of the title and description from it. */
  id: string;
  /** Whether the question is asked. */
  open: boolean;
  texts: ConfirmTexts;
  /** `danger` for what cannot be undone (a deletion, a cancellation); `accent` for a safe one. */
  tone?: 'danger' | 'accent';
  /** The confirmed action is under way: it cannot be cancelled, and the dialog stays until it ends. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
  /** Escape, the close button or a click outside, when it means more than cancel (leaving a whole flow). */
  onDismiss?: (() => void) | undefined;
  /** Below the question: why the last try failed. */
  children?: ReactNode;
}

/** A question before an action that needs an answer first: cancel, or the action last. */
export function ConfirmDialog({
  id,
  open,
  texts,
  tone = 'danger',
  pending = false,
  onConfirm,
  onCancel,
  onDismiss = onCancel,
  children,
}: ConfirmDialogProps) {
  return (
    <Modal
      id={id}
      role="alertdialog"
      open={open}
      onOpenChange={(next) => {
        if (!next && !pending) onDismiss();
      }}
      title={texts.title}
      description={texts.description}
      footer={
        <>
          <Button variant="outline" onClick={onCancel} disabled={pending}>
            {texts.cancel}
          </Button>
          <Button variant={tone === 'danger' ? 'danger' : 'solid'} loading={pending} onClick={onConfirm}>
            {pending && texts.pending ? texts.pending : texts.confirm}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  );
}
