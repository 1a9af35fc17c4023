import { Dialog as ArkDialog } from '@ark-ui/react/dialog';
import { ark } from '@ark-ui/react/factory';
import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { dialog } from 'styled-system/recipes';
import { Icon } from './icons';
import { createStyleContext } from './style-context';

const { withRootProvider, withContext } = createStyleContext(dialog);

// One line per part, so screens can compose dialogs of any shape.
export const DialogRoot = withRootProvider(ArkDialog.Root);
export const DialogTrigger = withContext(ArkDialog.Trigger, 'trigger');
export const DialogBackdrop = withContext(ArkDialog.Backdrop, 'backdrop');
export const DialogPositioner = withContext(ArkDialog.Positioner, 'positioner');
export const DialogContent = withContext(ArkDialog.Content, 'content');
export const DialogTitle = withContext(ArkDialog.Title, 'title');
export const DialogDescription = withContext(ArkDialog.Description, 'description');
export const DialogCloseTrigger = withContext(ArkDialog.CloseTrigger, 'closeTrigger');
export const DialogHeader = withContext(ark.header, 'header');
export const DialogBody = withContext(ark.div, 'body');
export const DialogFooter = withContext(ark.footer, 'footer');

export interface ModalProps {
  /** Fixed id: Ark derives the ids of the title and description from it. */
  id?: string;
  /** Already translated, like the description. */
  title: ReactNode;
  description?: ReactNode;
  /** The body: a form, a message. */
  children?: ReactNode;
  /** The buttons at the bottom; a confirmation puts its destructive action last. */
  footer?: ReactNode;
  /** The button that opens it (rendered as is through `asChild`); leave out when `open` is controlled. */
  trigger?: ReactNode;
  open?: boolean;
  defaultOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** `alertdialog` for confirmations that need an answer before anything else. */
  role?: 'dialog' | 'alertdialog';
  size?: 'sm' | 'md';
  /** A form, for example, can ask not to close on a click outside while it has changes. */
  closeOnInteractOutside?: boolean;
}

/** A modal dialog: confirmation (alertdialog, small), form or information. */
export function Modal({
  id,
  title,
  description,
  children,
  footer,
  trigger,
  open,
  defaultOpen,
  onOpenChange,
  role = 'dialog',
  size,
  closeOnInteractOutside,
}: ModalProps) {
  // An explicit `id: undefined` would replace Ark's generated id, so pass one always.
  const autoId = useId();
  const { t } = useTranslation('common');
  return (
    <DialogRoot
      id={id ?? autoId}
      open={open}
      defaultOpen={defaultOpen}
      onOpenChange={(details) => onOpenChange?.(details.open)}
      role={role}
      size={size ?? (role === 'alertdialog' ? 'sm' : 'md')}
      closeOnInteractOutside={closeOnInteractOutside}
      lazyMount
      unmountOnExit
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <Portal>
        <DialogBackdrop />
        <DialogPositioner>
          <DialogContent>
            <DialogHeader>
              <DialogTitle>{title}</DialogTitle>
              {description ? <DialogDescription>{description}</DialogDescription> : null}
            </DialogHeader>
            {children ? <DialogBody>{children}</DialogBody> : null}
            {footer ? <DialogFooter>{footer}</DialogFooter> : null}
            <DialogCloseTrigger aria-label={t('ui.close')}>
              <Icon name="close" />
            </DialogCloseTrigger>
          </DialogContent>
        </DialogPositioner>
      </Portal>
    </DialogRoot>
  );
}
