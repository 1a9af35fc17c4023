import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import { type AccountDetailsUpdateInput, accountDetailsUpdateSchema } from '../../../../shared/account';
import type { components } from '../../../../shared/api/app.gen';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { TextInput } from '../../../ui/field';
import { FormAlert, type FormError } from './form-alert';

type AccountDetails = components['schemas']['AccountDetails'];

export type NameFormError = FormError<keyof AccountDetailsUpdateInput>;

/** The name's inline form: whether it is open, and how its last save went. */
export interface NameEditProps {
  editing: boolean;
  saving?: boolean;
  /** The server's refusal, already in Spanish. */
  error?: NameFormError | null;
  onEditingChange: (editing: boolean) => void;
  onSave: (values: AccountDetailsUpdateInput) => void;
}

export interface AccountDetailsCardProps {
  details: AccountDetails;
  name: NameEditProps;
}

const list = css({ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: '6', rowGap: '2', fontSize: 'sm' });
const term = css({ color: 'fg.muted' });
const value = css({ color: 'fg.default', fontWeight: 'medium', overflowWrap: 'anywhere' });
const form = css({ display: 'flex', flexDirection: 'column', gap: '4', maxW: 'md' });
const actions = css({ display: 'flex', gap: '3', flexWrap: 'wrap' });

/** The subscription tab's first part: the account's name (editable in place) and email. */
export function AccountDetailsCard({ details, name }: AccountDetailsCardProps) {
  const { t } = useTranslation('account');
  const editButton = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(name.editing);
  // Closing the form gives the focus back to the button that opened it.
  useEffect(() => {
    if (wasEditing.current && !name.editing) editButton.current?.focus();
    wasEditing.current = name.editing;
  }, [name.editing]);

  return (
    <Card title={t('details.title')}>
      {name.editing ? <NameForm details={details} name={name} /> : null}
      <dl className={list}>
        {name.editing ? null : (
          <>
            <dt className={term}>{t('details.name')}</dt>
            <dd className={value}>{details.name}</dd>
          </>
        )}
        <dt className={term}>{t('details.email')}</dt>
        <dd className={value}>{details.email}</dd>
      </dl>
      {name.editing ? null : (
        <div className={actions}>
          <Button ref={editButton} variant="outline" size="sm" onClick={() => name.onEditingChange(true)}>
            {t('details.editName')}
          </Button>
        </div>
      )}
    </Card>
  );
}

function NameForm({ details, name }: AccountDetailsCardProps) {
  const { t } = useTranslation('account');
  const saving = name.saving ?? false;
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useZodForm(accountDetailsUpdateSchema, { textGroup: 'account', defaultValues: { name: details.name } });
  return (
    <form className={form} noValidate onSubmit={handleSubmit((values) => name.onSave(values))}>
      <FormAlert error={name.error} />
      <TextInput
        label={t('details.name')}
        autoComplete="name"
        // The form opens on a click of "Editar nombre": the field the person is about to type in.
        autoFocus
        error={errors.name ?? name.error?.fieldErrors.name}
        disabled={saving}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && !saving) name.onEditingChange(false);
        }}
        {...register('name')}
      />
      <div className={actions}>
        <Button variant="outline" disabled={saving} onClick={() => name.onEditingChange(false)}>
          {t('details.cancel')}
        </Button>
        <Button type="submit" loading={saving}>
          {saving ? t('details.saving') : t('details.save')}
        </Button>
      </div>
    </form>
  );
}
