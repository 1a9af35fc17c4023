import { css } from 'styled-system/css';
import { Button } from './button';
import { formLayout } from './form-layout';
import { Spinner } from './spinner';

const status = css({ display: 'flex', alignItems: 'center', gap: '2', textStyle: 'note', color: 'fg.muted' });

export interface WizardFooterProps {
  /** Already translated: the buttons' words and the line shown while saving. */
  texts: { cancel: string; back: string; next: string; submit: string; saving: string };
  /** The step shown, from 0: "Atrás" from the second on. */
  step: number;
  /** The last step: the submit button instead of "Siguiente". */
  last: boolean;
  saving: boolean;
  /** Sending waits for something (a file still uploading): the submit button is busy, `texts.submit` says why. */
  submitWaiting?: boolean | undefined;
  onCancel: () => void;
  onBack: () => void;
  onNext: () => void;
}

/** A multi-step form's buttons: cancel on one side; back, and next or submit, on the other, with the saving line. */
export function WizardFooter({ texts, step, last, saving, submitWaiting = false, onCancel, onBack, onNext }: WizardFooterProps) {
  return (
    // Keyed per step: "Siguiente" moves on before the browser ends its click, so a footer reused on the
    // last step would turn that very button into the submit one.
    <div key={last ? 'last' : 'step'} className={formLayout.footer}>
      <Button variant="ghost" onClick={onCancel} disabled={saving}>
        {texts.cancel}
      </Button>
      <div className={formLayout.buttons}>
        {saving ? (
          <span className={status} role="status">
            <Spinner size="sm" />
            {texts.saving}
          </span>
        ) : null}
        {step > 0 ? (
          <Button variant="outline" onClick={onBack} disabled={saving}>
            {texts.back}
          </Button>
        ) : null}
        {last ? (
          <Button type="submit" disabled={saving} loading={submitWaiting}>
            {texts.submit}
          </Button>
        ) : (
          <Button onClick={onNext} disabled={saving}>
            {texts.next}
          </Button>
        )}
      </div>
    </div>
  );
}
