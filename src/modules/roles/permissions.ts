/**
 * The one table mapping roles to named permissions. Routes declare the permission they need;
 * the auth hook checks it before validation. `GET /api/roles` exposes this table read-only.
 */
export const GLOBAL_ROLES = ['global_admin', 'global_user'] as const;
export type GlobalRole = (typeof GLOBAL_ROLES)[number];

export const TEAM_ROLES = ['team_admin', 'team_user'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

export const PERMISSIONS = {
  'users.view': 'See every account',
  'users.manage': 'Change, disable and delete accounts',
  'teams.view': 'See every team',
  'teams.manage': 'Change and delete any team',
  'settings.view': 'Read global settings',
  'settings.edit': 'Change global settings and the database set-up',
  'email.test': 'Send a test email',
  'mcp.categories.manage': 'Create, change and delete catalogue categories',
  'mcp.servers.global.create': 'Add servers to the global catalogue',
  'mcp.servers.global.edit': 'Change servers in the global catalogue',
  'mcp.servers.global.delete': 'Remove servers from the global catalogue',
  'mcp.installations.view': 'See a team’s installations',
  'mcp.installations.create': 'Install servers for a team',
  'mcp.installations.edit': 'Change a team’s installations',
  'mcp.installations.delete': 'Remove a team’s installations',
  'satellites.view': 'See satellites',
  'satellites.manage': 'Pair, change and remove satellites',
  'plugins.view': 'See loaded plugins',
  'team.members.view': 'See a team’s members',
  'team.members.manage': 'Add, change and remove a team’s members',
  'team.edit': 'Change a team',
  'audit.view': 'Read and export the audit log (inside a team: that team’s entries)',
} as const;
export type Permission = keyof typeof PERMISSIONS;

const ALL = Object.keys(PERMISSIONS) as Permission[];

export const GLOBAL_ROLE_PERMISSIONS: Record<GlobalRole, readonly Permission[]> = {
  global_admin: ALL,
  global_user: [],
};

/** Permissions a member holds inside one team (checked against that team only). */
export const TEAM_ROLE_PERMISSIONS: Record<TeamRole, readonly Permission[]> = {
  team_admin: [
    'team.edit',
    'team.members.view',
    'team.members.manage',
    'mcp.installations.view',
    'mcp.installations.create',
    'mcp.installations.edit',
    'mcp.installations.delete',
    'satellites.view',
    'satellites.manage',
    'audit.view',
  ],
  team_user: ['team.members.view', 'mcp.installations.view'],
};

export function globalRoleHas(role: GlobalRole, permission: Permission): boolean {
  return GLOBAL_ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}

export function teamRoleHas(role: TeamRole, permission: Permission): boolean {
  return TEAM_ROLE_PERMISSIONS[role]?.includes(permission) ?? false;
}
