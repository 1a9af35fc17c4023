import { useState } from 'react';
import { Toaster } from '../../src/web/ui/toast';
import { createAppToaster, type ToastInput } from '../../src/web/ui/toaster';

/** A toaster of its own holding `toasts` open, so a screen's picture with its toast never races a timer. */
export function WithToasts({ toasts }: { toasts: ToastInput[] }) {
  const [toaster] = useState(() => {
    const created = createAppToaster({ duration: Number.POSITIVE_INFINITY });
    for (const toast of toasts) created.show(toast);
    return created;
  });
  return <Toaster toaster={toaster} />;
}
