import { Badge, Button, NativeSelect, Table, Text } from '@mantine/core';
import { when } from '../../ui/format';
import { asRole, ROLE_LABEL, ROLE_OPTIONS, type Member, type TeamRole } from './api';

export interface RowActions {
  canManage: boolean;
  isMe: boolean;
  /** The role being saved for this member, shown until the list is read again. */
  pendingRole: TeamRole | null;
  onRole: (role: TeamRole) => void;
  onRemove: () => void;
}

function RoleCell({ member, actions }: { member: Member; actions: RowActions }) {
  if (!actions.canManage) {
    return (
      <Badge variant="light" color={member.role === 'team_admin' ? 'blue' : 'gray'}>
        {ROLE_LABEL[member.role]}
      </Badge>
    );
  }
  return (
    <NativeSelect
      aria-label={`Role of ${member.username}`}
      size="xs"
      data={ROLE_OPTIONS}
      value={actions.pendingRole ?? member.role}
      disabled={actions.pendingRole !== null}
      onChange={(e) => actions.onRole(asRole(e.currentTarget.value))}
    />
  );
}

export function MemberRow({ member, actions }: { member: Member; actions: RowActions }) {
  const name = member.display_name ?? member.username;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fw={500}>
          {name}
          {actions.isMe ? ' (you)' : ''}
        </Text>
        {member.display_name ? (
          <Text size="sm" c="dimmed">
            {member.username}
          </Text>
        ) : null}
      </Table.Td>
      <Table.Td>{member.email}</Table.Td>
      <Table.Td>
        <RoleCell member={member} actions={actions} />
      </Table.Td>
      <Table.Td>{when(member.joined_at)}</Table.Td>
      <Table.Td>
        {actions.isMe || actions.canManage ? (
          <Button size="xs" variant="outline" color="red" onClick={actions.onRemove}>
            {actions.isMe ? 'Leave team' : `Remove ${member.username}`}
          </Button>
        ) : null}
      </Table.Td>
    </Table.Tr>
  );
}
