import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { can } from '../../../../shared/permissions';
import { useCurrentStore } from '../../../api/current-store';
import { describeApiError } from '../../../api/errors';
import { loadableOf } from '../../../api/loadable';
import { toaster } from '../../../ui/toaster';
import { useCancelInvitation, useInviteCollaborator, useRemoveStoreMember, useStoreTeam } from '../api/store-team';
import { TeamScreen } from '../screens/team-screen';

type StoreMember = components['schemas']['StoreMember'];

export function TeamRoute() {
  const { t } = useTranslation('collaborators');
  const { role, storeId } = useCurrentStore();
  const team = useStoreTeam(storeId);
  const invite = useInviteCollaborator(storeId);
  const remove = useRemoveStoreMember(storeId);
  const cancelInvitation = useCancelInvitation(storeId);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<StoreMember | null>(null);
  // The server's Spanish words for a refusal (409, 422, 403…); ours for failures without them.
  const inviteFailure = (error: unknown) => describeApiError(error, { failed: t('invite.failed') }).message;
  const failure = (error: unknown) => describeApiError(error, { failed: t('toasts.failed') }).message;

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
          onSuccess: (invitation) => {
            setInviteOpen(false);
            toaster.show({ status: 'success', message: t('toasts.invited', { email: invitation.email }) });
          },
          // The message stays in the dialog too, beside the address to correct.
          onError: (error) => toaster.show({ status: 'error', message: inviteFailure(error) }),
        })
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
