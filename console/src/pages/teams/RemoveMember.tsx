import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../account/ConfirmModal';
import { removeMember, type Member } from './api';

/** Removes a member after asking; leaving oneself goes back to the list of teams. */
export function RemoveMember({
  teamId,
  teamName,
  member,
  isMe,
  onClose,
}: {
  teamId: string;
  teamName: string;
  member: Member | null;
  isMe: boolean;
  onClose: () => void;
}) {
  const queries = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: (userId: string) => removeMember(teamId, userId),
    onSuccess: async () => {
      onClose();
      if (isMe) {
        queries.removeQueries({ queryKey: ['team', teamId] });
        void navigate('/teams', { replace: true });
      } else {
        await queries.invalidateQueries({ queryKey: ['team', teamId] });
      }
      await queries.invalidateQueries({ queryKey: ['teams'] });
      if (isMe) await queries.invalidateQueries({ queryKey: ['me'] });
    },
  });
  const who = member?.display_name ?? member?.username ?? 'this member';
  return (
    <ConfirmModal
      opened={member !== null}
      title={isMe ? `Leave ${teamName}?` : `Remove ${who} from ${teamName}?`}
      confirmLabel={isMe ? 'Leave team' : 'Remove member'}
      action={remove}
      onConfirm={() => member && remove.mutate(member.user_id)}
      onClose={onClose}
    >
      {isMe ? 'You' : who} lose{isMe ? '' : 's'} access to the team&apos;s installations, and apps
      approved for this team stop working. A team admin can add the account again later.
    </ConfirmModal>
  );
}
