import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { toaster } from '../../../ui/toaster';
import { type InvitationSent, useCancelInvitation, useInviteCollaborator, useRemoveStoreMember, useStoreTeam } from '../api/store-team';
import { TeamScreen } from '../screens/team-screen';

type StoreMember = components['schemas']['StoreMember'];
type StoreInvitation = components['schemas']['StoreInvitation'];

export function TeamRoute() {
  const { t } = useTranslation('collaborators');
  const { role, storeId } = useCurrentStore();
  const team = useStoreTeam(storeId);
  const invite = useInviteCollaborator(storeId);
  const remove = useRemoveStoreMember(storeId);
  const cancelInvitation = useCancelInvitation(storeId);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<StoreMember | null>(null);
  // The server's Spanish words for a refusal (409, 403…); ours for failures without them.
  const inviteFailure = (error: unknown) => describeApiError(error, { failed: t('invite.failed') }).message;
  const failure = (error: unknown) => describeApiError(error, { failed: t('toasts.failed') }).message;
  // One toast per address: inviting it again updates that toast instead of stacking an identical one.
  const sentToast = ({ invitation, resent }: InvitationSent) =>
    toaster.show(
      resent
        ? {
            id: `invitation:${invitation.email}`,
            status: 'success',
            message: t('toasts.resent'),
            description: t('toasts.resentDescription', { email: invitation.email }),
          }
        : { id: `invitation:${invitation.email}`, status: 'success', message: t('toasts.invited', { email: invitation.email }) },
    );
  const resendingEmail = invite.isPending && !inviteOpen ? (invite.variables?.email ?? null) : null;

  return (
    <TeamScreen
      team={loadableOf(team)}
      canInvite={can(role, 'inviteCollaborator')}
      canRemove={can(role, 'removeStoreMember')}
      canCancelInvitation={can(role, 'cancelInvitation')}
      onRetry={() => void team.refetch()}
      invite={{
        open: inviteOpen,
        submitting: invite.isPending,
        error: invite.isError ? inviteFailure(invite.error) : null,
      }}
      onInviteOpenChange={(open) => {
        invite.reset();
        setInviteOpen(open);
      }}
      onInvite={(values) =>
        invite.mutate(values, {
          onSuccess: (sent) => {
            setInviteOpen(false);
            sentToast(sent);
          },
          // The message stays in the dialog too, beside the address to correct.
          onError: (error) => toaster.show({ status: 'error', message: inviteFailure(error) }),
        })
      }
      resendingEmail={resendingEmail}
      onResendInvitation={(invitation: StoreInvitation) =>
        invite.mutate(
          { email: invitation.email },
          {
            onSuccess: sentToast,
            onError: (error) =>
              toaster.show({
                status: 'error',
                message: t('toasts.resendFailed', { email: invitation.email }),
                description: failure(error),
              }),
          },
        )
      }
      removing={removing}
      removePending={remove.isPending}
      onRemoveRequest={setRemoving}
      onRemoveCancel={() => setRemoving(null)}
      onRemoveConfirm={(member) =>
        remove.mutate(member.userId, {
          onSuccess: () => toaster.show({ status: 'success', message: t('toasts.removed', { name: member.name }) }),
          onError: (error) =>
            toaster.show({
              status: 'error',
              message: t('toasts.removeFailed', { name: member.name }),
              description: failure(error),
            }),
          onSettled: () => setRemoving(null),
        })
      }
      onCancelInvitation={(invitation) =>
        cancelInvitation.mutate(invitation.id, {
          onSuccess: () => toaster.show({ status: 'success', message: t('toasts.invitationCanceled', { email: invitation.email }) }),
          onError: (error) => toaster.show({ status: 'error', message: t('toasts.cancelFailed'), description: failure(error) }),
        })
      }
    />
  );
}
