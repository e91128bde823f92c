import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSession } from '../../session';
import { EmptyState, ErrorNotice } from '../../ui/feedback';
import { ListTable, Listed } from '../../ui/ListTable';
import { Section } from '../account/Section';
import { AddMember } from './AddMember';
import { PAGE_SIZE, changeRole, fetchMembers, type Member, type Team, type TeamRole } from './api';
import { MemberRow } from './MemberRow';
import { Pager } from '../../ui/Pager';
import { RemoveMember } from './RemoveMember';

function useRoleChange(teamId: string) {
  const queries = useQueryClient();
  return useMutation({
    mutationFn: (v: { userId: string; role: TeamRole }) => changeRole(teamId, v.userId, v.role),
    onSettled: async () => {
      await queries.invalidateQueries({ queryKey: ['team', teamId] });
      await queries.invalidateQueries({ queryKey: ['me'] });
    },
  });
}

function Alone({ canManage }: { canManage: boolean }) {
  return (
    <EmptyState title="Only you so far">
      Groundstation sends no invitations: people join a team when a team admin adds their account by
      username or email.{' '}
      {canManage
        ? 'Ask them to sign up on this service first, then add them above.'
        : 'Ask a team admin to add the people you work with.'}
    </EmptyState>
  );
}

/** The team's members with their roles; adding, changing and removing with team.members.manage. */
export function Members({ team, canManage }: { team: Team; canManage: boolean }) {
  const { me } = useSession();
  const [page, setPage] = useState(1);
  const [removing, setRemoving] = useState<Member | null>(null);
  const members = useQuery({
    queryKey: ['team', team.id, 'members', page],
    queryFn: () => fetchMembers(team.id, page),
    placeholderData: keepPreviousData,
  });
  const role = useRoleChange(team.id);
  return (
    <Section title="Members" description="Team admins manage the team; members use its servers.">
      {canManage ? <AddMember teamId={team.id} /> : null}
      <Listed query={members} what="members">
        {(list) => (
          <>
            <ErrorNotice error={role.error} title="The role was not changed" />
            <ListTable
              label="Members"
              minWidth={680}
              columns={['Member', 'Email', 'Role', 'Joined', '']}
            >
              {list.members.map((m) => (
                <MemberRow
                  key={m.user_id}
                  member={m}
                  actions={{
                    canManage,
                    isMe: m.user_id === me.id,
                    pendingRole:
                      role.isPending && role.variables.userId === m.user_id
                        ? role.variables.role
                        : null,
                    onRole: (r) => role.mutate({ userId: m.user_id, role: r }),
                    onRemove: () => setRemoving(m),
                  }}
                />
              ))}
            </ListTable>
            <Pager
              label="Pages of members"
              page={page}
              pageSize={PAGE_SIZE}
              total={list.pagination.total}
              noun={['member', 'members']}
              onChange={setPage}
            />
            {list.pagination.total <= 1 ? <Alone canManage={canManage} /> : null}
          </>
        )}
      </Listed>
      <RemoveMember
        teamId={team.id}
        teamName={team.name}
        member={removing}
        isMe={removing?.user_id === me.id}
        onClose={() => setRemoving(null)}
      />
    </Section>
  );
}
