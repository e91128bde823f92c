import { Button, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { ConfirmModal } from '../account/ConfirmModal';
import { deleteTeam, type Team } from './api';

/** Deletes the team after asking; its members lose what it shared, and the page goes back to /teams. */
export function DeleteTeam({ team }: { team: Team }) {
  const [opened, { open, close }] = useDisclosure();
  const queries = useQueryClient();
  const navigate = useNavigate();
  const remove = useMutation({
    mutationFn: () => deleteTeam(team.id),
    onSuccess: async () => {
      queries.removeQueries({ queryKey: ['team', team.id] });
      await queries.invalidateQueries({ queryKey: ['teams'] });
      await queries.invalidateQueries({ queryKey: ['me'] });
      void navigate('/teams', { replace: true });
    },
  });
  return (
    <Group>
      <Button variant="outline" color="red" onClick={open}>
        Delete team
      </Button>
      <ConfirmModal
        opened={opened}
        title={`Delete ${team.name}?`}
        confirmLabel="Delete team"
        action={remove}
        onConfirm={() => remove.mutate()}
        onClose={close}
      >
        Its installations, its own satellites and its notifications go with it, its{' '}
        {team.member_count} members lose access, and apps approved for it stop working. This cannot
        be undone.
      </ConfirmModal>
    </Group>
  );
}
