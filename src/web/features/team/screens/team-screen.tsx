import { useTranslation } from 'react-i18next';
import { css } from 'styled-system/css';
import type { components } from '../../../../shared/api/app.gen';
import { type CollaboratorInvitationInput, collaboratorInvitationSchema } from '../../../../shared/auth';
import { formatDate } from '../../../../shared/format/date';
import type { Loadable } from '../../../api/loadable';
import { useZodForm } from '../../../lib/forms';
import { Button } from '../../../ui/button';
import { Card } from '../../../ui/card';
import { ConfirmDialog } from '../../../ui/confirm-dialog';
import { DataTable, type DataTableColumn } from '../../../ui/data-table';
import { Modal } from '../../../ui/dialog';
import { EmptyState } from '../../../ui/empty-state';
import { TextInput } from '../../../ui/field';
import { LoadableView } from '../../../ui/loadable-view';
import { LoadingScreen } from '../../../ui/loading-screen';

type StoreTeam = components['schemas']['StoreTeam'];
type StoreMember = components['schemas']['StoreMember'];
type StoreInvitation = components['schemas']['StoreInvitation'];

export interface InviteDialogState {
  open: boolean;
  submitting?: boolean;
  /** The server's refusal, already in Spanish. */
  error?: string | null;
  defaultEmail?: string;
}

export interface TeamScreenProps {
  team: Loadable<StoreTeam>;
  /** Who may invite (`inviteCollaborator`): collaborators see the team without the button. */
  canInvite: boolean;
  /** Who may remove a member (`removeStoreMember`). */
  canRemove: boolean;
  /** Who may cancel a pending invitation (`cancelInvitation`). */
  canCancelInvitation: boolean;
  onRetry: () => void;
  invite: InviteDialogState;
  onInviteOpenChange: (open: boolean) => void;
  onInvite: (values: CollaboratorInvitationInput) => void;
  /** The member whose removal waits for confirmation. */
  removing: StoreMember | null;
  removePending?: boolean;
  onRemoveRequest: (member: StoreMember) => void;
  onRemoveCancel: () => void;
  onRemoveConfirm: (member: StoreMember) => void;
  onCancelInvitation: (invitation: StoreInvitation) => void;
  /** Sends a pending invitation again (with a new link); allowed at the limit, since it already counts. */
  onResendInvitation: (invitation: StoreInvitation) => void;
  /** The email whose invitation is being sent again. */
  resendingEmail?: string | null;
}

const root = css({ display: 'flex', flexDirection: 'column', gap: '6', pt: '4' });
const header = css({ display: 'flex', alignItems: 'flex-start', justifyContent: 'space-between', gap: '4', flexWrap: 'wrap' });
const heading = css({ display: 'flex', flexDirection: 'column', gap: '1' });
const title = css({ textStyle: 'sectionTitle', color: 'fg.default' });
const muted = css({ textStyle: 'note', color: 'fg.muted' });
const actions = css({ display: 'flex', flexDirection: 'column', alignItems: 'flex-end', gap: '2', maxW: 'sm' });
const limit = css({ fontSize: 'sm', color: 'fg.muted', textAlign: 'end' });
const usage = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '2', rowGap: '1', mt: '1', fontSize: 'sm' });
const usageCount = css({ fontWeight: 'semibold', color: 'fg.default' });
const usageHelp = css({ color: 'fg.muted' });
const rowActions = css({ display: 'inline-flex', flexWrap: 'wrap', justifyContent: 'flex-end', gap: '2' });
const inviteForm = css({ display: 'flex', flexDirection: 'column', gap: '4' });

/** Collaborators and pending invitations count against the limit together (SPEC §9). */
export function collaboratorsUsed(team: StoreTeam): number {
  return team.members.filter((member) => member.role === 'colaborator').length + team.invitations.length;
}

export function TeamScreen(props: TeamScreenProps) {
  const { t } = useTranslation('collaborators');
  return (
    <LoadableView loadable={props.team} loading={<LoadingScreen layout="inline" label={t('loading')} />} onRetry={props.onRetry}>
      {(team) => <LoadedTeam {...props} data={team} />}
    </LoadableView>
  );
}

function LoadedTeam(props: TeamScreenProps & { data: StoreTeam }) {
  const { t } = useTranslation('collaborators');
  const { canInvite, canRemove, canCancelInvitation, data: team } = props;
  const used = collaboratorsUsed(team);
  const limitReached = used >= team.collaboratorLimit;
  const alone = team.members.length <= 1 && team.invitations.length === 0;

  const memberColumns: DataTableColumn<StoreMember>[] = [
    { key: 'name', header: t('members.name'), cell: (member) => (member.isYou ? `${member.name} ${t('members.you')}` : member.name) },
    { key: 'email', header: t('members.email'), cell: (member) => member.email },
    { key: 'role', header: t('members.role'), cell: (member) => t(`roles.${member.role}`) },
  ];
  if (canRemove) {
    memberColumns.push({
      key: 'actions',
      header: t('members.actions'),
      align: 'end',
      cell: (member) =>
        member.isYou || member.role !== 'colaborator' ? null : (
          <Button
            variant="outline"
            size="sm"
            aria-label={t('members.removeNamed', { name: member.name })}
            onClick={() => props.onRemoveRequest(member)}
          >
            {t('members.remove')}
          </Button>
        ),
    });
  }
  const invitationColumns: DataTableColumn<StoreInvitation>[] = [
    { key: 'email', header: t('invitations.email'), cell: (invitation) => invitation.email },
    { key: 'invitedAt', header: t('invitations.invitedAt'), cell: (invitation) => formatDate(invitation.invitedAt) },
    { key: 'expiresAt', header: t('invitations.expiresAt'), cell: (invitation) => formatDate(invitation.expiresAt) },
  ];
  if (canInvite || canCancelInvitation) {
    invitationColumns.push({
      key: 'actions',
      header: t('invitations.actions'),
      align: 'end',
      cell: (invitation) => {
        const resending = props.resendingEmail === invitation.email;
        return (
          <span className={rowActions}>
            {canInvite ? (
              <Button
                variant="outline"
                size="sm"
                loading={resending}
                aria-label={t('invitations.resendNamed', { email: invitation.email })}
                onClick={() => props.onResendInvitation(invitation)}
              >
                {t('invitations.resend')}
              </Button>
            ) : null}
            {canCancelInvitation ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('invitations.cancelNamed', { email: invitation.email })}
                onClick={() => props.onCancelInvitation(invitation)}
              >
                {t('invitations.cancel')}
              </Button>
            ) : null}
          </span>
        );
      },
    });
  }

  return (
    <section className={root} aria-labelledby="team-title">
      <header className={header}>
        <div className={heading}>
          <h2 id="team-title" className={title}>
            {t('title')}
          </h2>
          <p className={muted}>{t('description')}</p>
          <p className={usage}>
            <span className={usageCount}>{t('usage.count', { used, limit: team.collaboratorLimit })}</span>
            <span className={usageHelp}>{t('usage.help')}</span>
          </p>
        </div>
        {canInvite ? (
          <div className={actions}>
            {/* Unavailable at the limit, and says why before anyone fills the form. */}
            <Button
              disabled={limitReached}
              aria-describedby={limitReached ? 'collaborator-limit' : undefined}
              onClick={() => props.onInviteOpenChange(true)}
            >
              {t('add')}
            </Button>
            {limitReached ? (
              <p id="collaborator-limit" className={limit}>
                {t('limitReached', { count: team.collaboratorLimit })}
              </p>
            ) : null}
          </div>
        ) : null}
      </header>
      <DataTable caption={t('members.caption')} columns={memberColumns} rows={team.members} rowKey={(member) => String(member.userId)} />
      {alone ? (
        <Card as="div">
          <EmptyState
            title={t('empty.title')}
            description={t('empty.description')}
            // The header's button opens the same form; here it follows the reason to use it.
            action={
              canInvite && !limitReached ? <Button onClick={() => props.onInviteOpenChange(true)}>{t('empty.invite')}</Button> : undefined
            }
          />
        </Card>
      ) : null}
      {team.invitations.length > 0 ? (
        <>
          <h3 className={title}>{t('invitations.title')}</h3>
          <DataTable
            caption={t('invitations.caption')}
            columns={invitationColumns}
            rows={team.invitations}
            rowKey={(invitation) => String(invitation.id)}
          />
        </>
      ) : null}
      {canInvite ? <InviteDialog {...props} /> : null}
      {canRemove && props.removing ? <RemoveDialog {...props} member={props.removing} /> : null}
    </section>
  );
}

function InviteDialog({ invite, onInviteOpenChange, onInvite }: TeamScreenProps) {
  const { t } = useTranslation('collaborators');
  const submitting = invite.submitting ?? false;
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useZodForm(collaboratorInvitationSchema, { textGroup: 'collaborators', defaultValues: { email: invite.defaultEmail ?? '' } });
  return (
    <Modal
      id="invite-collaborator"
      open={invite.open}
      onOpenChange={(open) => {
        if (!open) reset();
        onInviteOpenChange(open);
      }}
      title={t('invite.title')}
      description={t('invite.description')}
      footer={
        <>
          <Button variant="outline" disabled={submitting} onClick={() => onInviteOpenChange(false)}>
            {t('invite.cancel')}
          </Button>
          <Button type="submit" form="invite-collaborator-form" loading={submitting}>
            {submitting ? t('invite.submitting') : t('invite.submit')}
          </Button>
        </>
      }
    >
      <form id="invite-collaborator-form" className={inviteForm} noValidate onSubmit={handleSubmit((values) => onInvite(values))}>
        {invite.error ? (
          <p role="alert" className={css({ fontSize: 'sm', color: 'danger.text' })}>
            {invite.error}
          </p>
        ) : null}
        <TextInput
          label={t('invite.email')}
          type="email"
          inputMode="email"
          autoComplete="off"
          error={errors.email}
          disabled={submitting}
          {...register('email')}
        />
      </form>
    </Modal>
  );
}

function RemoveDialog({ member, removePending = false, onRemoveCancel, onRemoveConfirm }: TeamScreenProps & { member: StoreMember }) {
  const { t } = useTranslation('collaborators');
  return (
    <ConfirmDialog
      id="remove-member"
      open
      texts={t('remove', { returnObjects: true, name: member.name, email: member.email })}
      pending={removePending}
      onCancel={onRemoveCancel}
      onConfirm={() => onRemoveConfirm(member)}
    />
  );
}
