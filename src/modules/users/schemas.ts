import { Type } from '@sinclair/typebox';
import { PaginatedData, PaginatedQuery } from '../../http/pagination.js';
import { Nullable, StringEnum, Success, Timestamp } from '../../http/schemas.js';
import { GLOBAL_ROLES, TEAM_ROLES } from '../roles/permissions.js';

export const Username = Type.String({
  pattern: '^[A-Za-z0-9][A-Za-z0-9._-]{2,31}$',
  description:
    '3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit',
});
export const Email = Type.String({ format: 'email', maxLength: 254 });
export const DisplayName = Nullable(Type.String({ minLength: 1, maxLength: 100 }));
/** Length and content rules are the password policy's, which gives a clearer message. */
export const Password = Type.String({ maxLength: 1024 });

export const User = Type.Object({
  id: Type.String(),
  username: Type.String(),
  email: Type.String(),
  display_name: Nullable(Type.String()),
  global_role: StringEnum(GLOBAL_ROLES),
  email_verified: Type.Boolean(),
  disabled: Type.Boolean(),
  created_at: Timestamp,
});

export const Me = Type.Object({
  ...User.properties,
  teams: Type.Array(
    Type.Object({
      id: Type.String(),
      name: Type.String(),
      slug: Type.String(),
      is_default: Type.Boolean(),
      role: StringEnum(TEAM_ROLES),
    }),
  ),
});

export const MeResponse = Success(Me);
export const UserResponse = Success(Type.Object({ user: User }));

export const UpdateProfileBody = Type.Object(
  {
    username: Type.Optional(Username),
    email: Type.Optional(Email),
    display_name: Type.Optional(DisplayName),
    current_password: Type.Optional(
      Type.String({ maxLength: 1024, description: 'Required when the email changes' }),
    ),
  },
  { additionalProperties: false, minProperties: 1 },
);

export const ChangePasswordBody = Type.Object(
  { current_password: Password, new_password: Password },
  { additionalProperties: false },
);

export const UserListQuery = PaginatedQuery({
  q: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'Part of a username, email or display name',
    }),
  ),
});
export const UserListResponse = Success(PaginatedData('users', User));

export const UserIdParams = Type.Object({ userId: Type.String({ minLength: 1, maxLength: 100 }) });

export const AdminUpdateUserBody = Type.Object(
  { global_role: Type.Optional(StringEnum(GLOBAL_ROLES)), disabled: Type.Optional(Type.Boolean()) },
  { additionalProperties: false, minProperties: 1 },
);
