import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';
import { TEAM_ROLES } from '../roles/permissions.js';

const Slug = Type.String({
  pattern: '^[a-z0-9](?:[a-z0-9-]{0,46}[a-z0-9])?$',
  description: 'Lower-case letters, digits and dashes',
});
const Name = Type.String({ minLength: 1, maxLength: 100 });
const Description = Nullable(Type.String({ maxLength: 1000 }));

export const Team = Type.Object({
  id: Type.String(),
  name: Type.String(),
  slug: Type.String(),
  description: Nullable(Type.String()),
  is_default: Type.Boolean(),
  role: Nullable(StringEnum(TEAM_ROLES, { description: 'The caller’s role in the team' })),
  member_count: Type.Integer(),
  created_at: Timestamp,
  updated_at: Timestamp,
});

export const Member = Type.Object({
  user_id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  role: StringEnum(TEAM_ROLES),
  joined_at: Timestamp,
});

export const TeamParams = Type.Object({ teamId: Type.String({ minLength: 1, maxLength: 100 }) });
export const MemberParams = Type.Object({
  teamId: Type.String({ minLength: 1, maxLength: 100 }),
  userId: Type.String({ minLength: 1, maxLength: 100 }),
});

export const TeamResponse = Success(Type.Object({ team: Team }));
export const TeamListQuery = PaginatedQuery();
export const TeamListResponse = Success(PaginatedData('teams', Team));
export const MemberResponse = Success(Type.Object({ member: Member }));
export const MemberListResponse = Success(PaginatedData('members', Member));

export const CreateTeamBody = Type.Object(
  { name: Name, slug: Type.Optional(Slug), description: Type.Optional(Description) },
  { additionalProperties: false },
);
export const UpdateTeamBody = Type.Object(
  { name: Type.Optional(Name), slug: Type.Optional(Slug), description: Type.Optional(Description) },
  { additionalProperties: false, minProperties: 1 },
);
export const AddMemberBody = Type.Object(
  {
    login: Type.String({
      minLength: 1,
      maxLength: 254,
      description: 'Username or email of the account to add',
    }),
    role: Type.Optional(StringEnum(TEAM_ROLES, { default: 'team_user' })),
  },
  { additionalProperties: false },
);
export const ChangeRoleBody = Type.Object(
  { role: StringEnum(TEAM_ROLES) },
  { additionalProperties: false },
);
