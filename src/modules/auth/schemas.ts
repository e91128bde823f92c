import { Type } from '@sinclair/typebox';
import { MessageOnly, Success } from '../../http/schemas.js';
import { Email, Password, User, Username } from '../users/schemas.js';

export const RegisterBody = Type.Object(
  { username: Username, email: Email, password: Password },
  { additionalProperties: false },
);

export const LoginBody = Type.Object(
  {
    login: Type.String({ minLength: 1, maxLength: 254, description: 'Username or email' }),
    password: Type.String({ minLength: 1, maxLength: 1024 }),
  },
  { additionalProperties: false },
);

export const SessionResponse = Success(Type.Object({ user: User }));

export const LogoutResponse = MessageOnly;

const Token = Type.String({ minLength: 1, maxLength: 200 });
export const VerifyEmailQuery = Type.Object({ token: Token }, { additionalProperties: false });
export const ForgotPasswordBody = Type.Object({ email: Email }, { additionalProperties: false });
export const ResetPasswordBody = Type.Object(
  { token: Token, new_password: Password },
  { additionalProperties: false },
);
