import type { TeamRole } from '../roles/permissions.js';
import type { MemberRow } from './member-repository.js';
import type { TeamRow } from './repository.js';

export function slugify(value: string): string {
  const slug = value
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 48);
  return slug || 'team';
}

export function teamView(team: TeamRow, extra: { role: string | null; memberCount: number }) {
  return {
    id: team.id,
    name: team.name,
    slug: team.slug,
    description: team.description,
    is_default: team.isDefault,
    role: (extra.role as TeamRole | null) ?? null,
    member_count: extra.memberCount,
    created_at: team.createdAt.toISOString(),
    updated_at: team.updatedAt.toISOString(),
  };
}

export type TeamView = ReturnType<typeof teamView>;

export function memberView(m: MemberRow) {
  return {
    user_id: m.userId,
    username: m.username,
    email: m.email,
    display_name: m.displayName,
    role: m.role as TeamRole,
    joined_at: m.joinedAt.toISOString(),
  };
}

export type MemberView = ReturnType<typeof memberView>;
