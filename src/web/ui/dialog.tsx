import { Portal } from '@ark-ui/react/portal';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from './icons';
import * as DialogParts from './parts/dialog';

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
    <DialogParts.Root
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
      {trigger ? <DialogParts.Trigger asChild>{trigger}</DialogParts.Trigger> : null}
      <Portal>
        <DialogParts.Backdrop />
        <DialogParts.Positioner>
          <DialogParts.Content>
            <DialogParts.Header>
              <DialogParts.Title>{title}</DialogParts.Title>
              {description ? <DialogParts.Description>{description}</DialogParts.Description> : null}
            </DialogParts.Header>
            {children ? <DialogParts.Body>{children}</DialogParts.Body> : null}
            {footer ? <DialogParts.Footer>{footer}</DialogParts.Footer> : null}
            <DialogParts.CloseTrigger aria-label={t('ui.close')}>
              <Icon name="close" />
            </DialogParts.CloseTrigger>
          </DialogParts.Content>
        </DialogParts.Positioner>
      </Portal>
    </DialogParts.Root>
  );
}
