import { Button, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorNotice } from '../../ui/feedback';
import { createTeam } from './api';

/** A new team, which the member then administers; opens the team's page. */
export function CreateTeam() {
  const [opened, { open, close }] = useDisclosure();
  const [name, setName] = useState('');
  const [slug, setSlug] = useState('');
  const [description, setDescription] = useState('');
  const queries = useQueryClient();
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: createTeam,
    onSuccess: async (team) => {
      await queries.invalidateQueries({ queryKey: ['me'] });
      await queries.invalidateQueries({ queryKey: ['teams'] });
      close();
      void navigate(`/teams/${team.id}`);
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({
      name: name.trim(),
      ...(slug.trim() ? { slug: slug.trim() } : {}),
      ...(description.trim() ? { description: description.trim() } : {}),
    });
  };
  return (
    <>
      <Button onClick={open}>Create a team</Button>
      <Modal
        opened={opened}
        onClose={close}
        title="Create a team"
        centered
        // The scroll lock would add a <style> without the CSP nonce (nothing sets get-nonce's).
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <form onSubmit={submit} aria-label="Create a team">
          <Stack>
            <ErrorNotice error={create.error} title="The team was not created" />
            <TextInput
              label="Name"
              required
              maxLength={100}
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
            />
            <TextInput
              label="Slug"
              description="Lower-case letters, digits and dashes; made from the name when left empty."
              value={slug}
              onChange={(e) => setSlug(e.currentTarget.value)}
            />
            <Textarea
              label="Description"
              autosize
              minRows={2}
              maxLength={1000}
              value={description}
              onChange={(e) => setDescription(e.currentTarget.value)}
            />
            <Button type="submit" loading={create.isPending}>
              Create team
            </Button>
          </Stack>
        </form>
      </Modal>
    </>
  );
}
