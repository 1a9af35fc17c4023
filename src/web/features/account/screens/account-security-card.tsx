import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { type PasswordChangeInput, passwordChangeSchema } from '../../../../shared/account';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { Modal } from '../../../ui/dialog';
import { PasswordInput } from '../../../ui/field';
import { FormAlert, type FormError } from './form-alert';

export type PasswordFormError = FormError<keyof PasswordChangeInput>;

/** The password-change dialog: open or not, and how its last save went. */
export interface PasswordChangeProps {
  open: boolean;
  saving?: boolean;
  /** The server's refusal (a wrong current password beside its field), already in Spanish. */
  error?: PasswordFormError | null;
  onOpenChange: (open: boolean) => void;
  onSave: (values: PasswordChangeInput) => void;
}

/** "Cerrar sesión en los demás dispositivos": its confirmation, and the call while it runs. */
export interface SignOutOthersProps {
  confirming: boolean;
  pending?: boolean;
  onConfirmingChange: (confirming: boolean) => void;
  onConfirm: () => void;
}

export interface AccountSecurityCardProps {
  password: PasswordChangeProps;
  signOutOthers: SignOutOthersProps;
}

const rows = css({ display: 'flex', flexDirection: 'column', gap: '5' });
const row = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' });
const text = css({ display: 'flex', flexDirection: 'column', gap: '1', flex: '1', minW: '64' });
const heading = css({ textStyle: 'groupTitle', color: 'fg.default' });
// A long label ("Cerrar sesión en los demás dispositivos") wraps instead of overflowing a phone's width.
const action = css({ whiteSpace: 'normal', h: 'auto', minH: '10', py: '2', textAlign: 'center', w: { base: 'full', sm: 'auto' } });
const note = css({ textStyle: 'note', color: 'fg.muted' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '4' });

const PASSWORD_FORM_ID = 'change-password-form';

/** The account's password and its sessions on other devices. */
export function AccountSecurityCard({ password, signOutOthers }: AccountSecurityCardProps) {
  const { t } = useTranslation('account');
  return (
    <Card title={t('security.title')} description={t('security.description')}>
      <div className={rows}>
        <div className={row}>
          <div className={text}>
            <h3 className={heading}>{t('security.password')}</h3>
            <p className={note}>{t('security.passwordDescription')}</p>
          </div>
          <Button variant="outline" className={action} onClick={() => password.onOpenChange(true)}>
            {t('security.changePassword')}
          </Button>
        </div>
        <div className={row}>
          <div className={text}>
            <h3 className={heading}>{t('security.sessions')}</h3>
            <p className={note}>{t('security.sessionsDescription')}</p>
          </div>
          <Button variant="outline" className={action} onClick={() => signOutOthers.onConfirmingChange(true)}>
            {t('security.signOutOthers')}
          </Button>
        </div>
      </div>
      <PasswordDialog {...password} />
      <SignOutOthersDialog {...signOutOthers} />
    </Card>
  );
}

function PasswordDialog(props: PasswordChangeProps) {
  const { t } = useTranslation('account');
  const saving = props.saving ?? false;
  return (
    <Modal
      id="change-password"
      open={props.open}
      onOpenChange={(open) => {
        if (!saving) props.onOpenChange(open);
      }}
      closeOnInteractOutside={false}
      title={t('password.title')}
      description={t('password.description')}
      footer={
        <>
          <Button variant="outline" disabled={saving} onClick={() => props.onOpenChange(false)}>
            {t('password.cancel')}
          </Button>
          <Button type="submit" form={PASSWORD_FORM_ID} loading={saving}>
            {saving ? t('password.saving') : t('password.save')}
          </Button>
        </>
      }
    >
      {/* Inside the dialog's body, which mounts on opening: each opening starts with empty fields. */}
      <PasswordForm {...props} saving={saving} />
    </Modal>
  );
}

function PasswordForm({ saving, error, onSave }: PasswordChangeProps & { saving: boolean }) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(passwordChangeSchema, { textGroup: 'account', defaultValues: { currentPassword: '', newPassword: '' } });
  return (
    <form id={PASSWORD_FORM_ID} className={form} noValidate onSubmit={handleSubmit((values) => onSave(values))}>
      <FormAlert error={error} />
      <PasswordInput
        label={t('password.current')}
        autoComplete="current-password"
        error={errors.currentPassword ?? error?.fieldErrors.currentPassword}
        disabled={saving}
        {...register('currentPassword')}
      />
      <PasswordInput
        label={t('password.new')}
        autoComplete="new-password"
        helperText={t('password.hint')}
        error={errors.newPassword ?? error?.fieldErrors.newPassword}
        disabled={saving}
        {...register('newPassword')}
      />
    </form>
  );
}

function SignOutOthersDialog({ confirming, pending = false, onConfirmingChange, onConfirm }: SignOutOthersProps) {
  const { t } = useTranslation('account');
  return (
    <ConfirmDialog
      id="sign-out-others"
      open={confirming}
      texts={t('signOutOthers', { returnObjects: true })}
      tone="accent"
      pending={pending}
      onCancel={() => onConfirmingChange(false)}
      onConfirm={onConfirm}
    />
  );
}
