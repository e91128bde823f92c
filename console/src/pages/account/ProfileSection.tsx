import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useSession } from '../../session';
import { ErrorNotice } from '../../ui/feedback';
import { updateProfile, type ProfileChange } from './profile';
import { Section } from './Section';

/** Display name and username; only what changed is sent. */
export function ProfileSection() {
  const { me, refresh } = useSession();
  const [displayName, setDisplayName] = useState(me.display_name ?? '');
  const [username, setUsername] = useState(me.username);
  const change: ProfileChange = {};
  const name = displayName.trim();
  if (name !== (me.display_name ?? '')) change.display_name = name === '' ? null : name;
  if (username.trim() !== me.username) change.username = username.trim();
  const changed = Object.keys(change).length > 0;
  const save = useMutation({ mutationFn: updateProfile, onSuccess: refresh });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(change);
  };
  return (
    <Section title="Profile" description="How you appear to your teams.">
      <form onSubmit={submit} aria-label="Profile">
        <Stack>
          <ErrorNotice error={save.error} title="The profile was not saved" />
          <TextInput
            label="Display name"
            description="Shown instead of your username; leave empty to show the username."
            maxLength={100}
            value={displayName}
            onChange={(e) => setDisplayName(e.currentTarget.value)}
          />
          <TextInput
            label="Username"
            description="You sign in with it; 3 to 32 letters, digits, dots, dashes or underscores."
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.currentTarget.value)}
          />
          <Group>
            <Button type="submit" loading={save.isPending} disabled={!changed}>
              Save profile
            </Button>
            {save.isSuccess && !changed ? (
              <Text size="sm" role="status">
                Profile saved.
              </Text>
            ) : null}
          </Group>
        </Stack>
      </form>
    </Section>
  );
}
