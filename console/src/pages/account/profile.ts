import { api, unwrap } from '../../api/client';
import type { operations } from '../../api/schema';

export type ProfileChange = NonNullable<
  operations['updateMe']['requestBody']
>['content']['application/json'];

/** Changes the caller's username, email or display name; the email needs the current password. */
export const updateProfile = (body: ProfileChange) => unwrap(api.PATCH('/api/users/me', { body }));
