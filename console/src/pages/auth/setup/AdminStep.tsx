import { Alert, Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { AccountForm, registerAccount } from '../AccountForm';

/** Step two of the first run: the first account, which becomes the service's administrator. */
export function AdminStep({ alreadyConfigured }: { alreadyConfigured: boolean }) {
  const queries = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: registerAccount,
    onSuccess: async () => {
      await queries.invalidateQueries({ queryKey: ['db-status'] });
      await queries.invalidateQueries({ queryKey: ['me'] });
      void navigate('/', { replace: true });
    },
  });
  return (
    <>
      {alreadyConfigured ? (
        <Alert role="status" variant="light" mb="md" title="The database is already set up">
          <Text size="sm">Go on with the first account.</Text>
        </Alert>
      ) : null}
      <Text size="sm" mb="md">
        The first account administers the service: its settings, the catalogue and every team.
        Others sign up later, or an administrator adds them to teams.
      </Text>
      <AccountForm
        label="Create the administrator"
        submitLabel="Create the administrator account"
        pending={create.isPending}
        error={create.error}
        onSubmit={(account) => create.mutate(account)}
      />
    </>
  );
}
