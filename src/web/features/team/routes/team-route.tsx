import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { components } from '../../../../shared/api/app.gen';
import { ApiError } from '../../../api/errors';
import { sessionQueryOptions } from '../../../api/session';
import { toaster } from '../../../ui/toast';
import { useCancelInvitation, useInviteCollaborator, useRemoveStoreMember, useStoreTeam } from '../api/store-team';
import { TeamScreen, type TeamState } from '../screens/team-screen';

type StoreMember = components['schemas']['StoreMember'];

/** The server's Spanish message for a refusal (409, 422, 403…), or none for failures without one. */
function serverMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 ? error.body?.message : undefined;
}

export function TeamRoute() {
  const { t } = useTranslation('collaborators');
  const { data: user } = useQuery(sessionQueryOptions);
  const storeId = user?.store ?? null;
  const team = useStoreTeam(storeId);
  const invite = useInviteCollaborator(storeId ?? 0);
  const remove = useRemoveStoreMember(storeId ?? 0);
  const cancelInvitation = useCancelInvitation(storeId ?? 0);
  const [inviteOpen, setInviteOpen] = useState(false);
  const [removing, setRemoving] = useState<StoreMember | null>(null);

  const state: TeamState =
    team.isPending || (team.isError && team.isFetching)
      ? { status: 'loading' }
      : team.isError
        ? { status: 'error' }
        : { status: 'success', team: team.data };

  return (
    <TeamScreen
      state={state}
      canManage={user?.role !== 'colaborator'}
      onRetry={() => void team.refetch()}
      invite={{
        open: inviteOpen,
        submitting: invite.isPending,
        error: invite.isError ? (serverMessage(invite.error) ?? t('invite.failed')) : null,
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
          onError: (error) => toaster.show({ status: 'error', message: serverMessage(error) ?? t('invite.failed') }),
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
              description: serverMessage(error) ?? t('toasts.failed'),
            }),
          onSettled: () => setRemoving(null),
        })
      }
      onCancelInvitation={(invitation) =>
        cancelInvitation.mutate(invitation.id, {
          onSuccess: () => toaster.show({ status: 'success', message: t('toasts.invitationCanceled', { email: invitation.email }) }),
          onError: (error) =>
            toaster.show({ status: 'error', message: t('toasts.cancelFailed'), description: serverMessage(error) ?? t('toasts.failed') }),
        })
      }
    />
  );
}
