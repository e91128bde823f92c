// Generated from openapi/openapi.json by `npm run console:types`; do not edit.

export interface paths {
  '/api/health': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Service and database health */
    get: operations['getHealth'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/db/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Which database is in use and whether set-up has run */
    get: operations['getDatabaseStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/db/migrations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Applied schema migrations, oldest first */
    get: operations['listDatabaseMigrations'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/db/setup': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * First-run choice of database: keep the embedded one or move to PostgreSQL
     * @description Open while no account exists, and to global administrators afterwards. Callers who are not signed in must give the one-time set-up code that the service logs at its first start (X-Setup-Code header or setup_code field): without it, 403; after too many wrong codes from one address, 429. A PostgreSQL URL is checked and migrated before it is saved in DATA_DIR; when it cannot be reached the answer is 400 "Could not connect to the database", with the reason in the log only. Answers 409 once set-up has run or when DATABASE_URL is set in the environment.
     */
    post: operations['setupDatabase'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/email/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Create an account and sign in
     * @description The first account becomes global_admin. Sets the auth_session cookie.
     */
    post: operations['register'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/email/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Sign in with username or email and password
     * @description Sets the auth_session cookie. Unknown accounts and wrong passwords get the same 401.
     */
    post: operations['login'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/logout': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** End the current session and clear its cookie */
    post: operations['logout'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/email/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Confirm an email address with the token sent to it */
    get: operations['verifyEmail'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/email/verify/resend': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a new verification email to the caller */
    post: operations['resendVerificationEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/password/forgot': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Email a password reset token
     * @description Answers the same whether or not the address has an account.
     */
    post: operations['requestPasswordReset'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/auth/password/reset': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Choose a new password with a reset token
     * @description Ends every session of the account.
     */
    post: operations['resetPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller’s account and teams */
    get: operations['getMe'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change the caller’s username, email or display name
     * @description Changing the email needs current_password (wrong guesses count toward the sign-in limit of the account) and marks the new address unverified.
     */
    patch: operations['updateMe'];
    trace?: never;
  };
  '/api/users/me/password': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Change the caller’s password
     * @description Every other session and every OAuth grant of the account ends; this session stays signed in. Wrong current_password guesses count toward the sign-in limit of the account.
     */
    post: operations['changeMyPassword'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Teams the caller belongs to, with the caller’s role */
    get: operations['listMyTeams'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every account, searchable */
    get: operations['listUsers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One account */
    get: operations['getUser'];
    put?: never;
    post?: never;
    /** Delete an account, its sessions, memberships and default team */
    delete: operations['deleteUser'];
    options?: never;
    head?: never;
    /**
     * Change an account’s global role, or disable or enable it
     * @description Disabling ends the account’s sessions and OAuth grants at once; enabling it again does not bring them back.
     */
    patch: operations['adminUpdateUser'];
    trace?: never;
  };
  '/api/teams/me/default': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller’s default team */
    get: operations['getMyDefaultTeam'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Teams the caller belongs to */
    get: operations['listTeams'];
    put?: never;
    /** Create a team; the caller becomes its team_admin */
    post: operations['createTeam'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/teams': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every team on the service */
    get: operations['listAllTeams'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One team the caller belongs to */
    get: operations['getTeam'];
    put?: never;
    post?: never;
    /** Delete a team (not a default team) */
    delete: operations['deleteTeam'];
    options?: never;
    head?: never;
    /** Rename or describe a team */
    patch: operations['updateTeam'];
    trace?: never;
  };
  '/api/teams/{teamId}/members': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Members of a team */
    get: operations['listTeamMembers'];
    put?: never;
    /** Add an account to a team by username or email */
    post: operations['addTeamMember'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/members/{userId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /**
     * Remove a member, or leave the team
     * @description Team admins remove anyone; every member may remove themselves. The last team_admin cannot leave.
     */
    delete: operations['removeTeamMember'];
    options?: never;
    head?: never;
    /** Change a member’s team role */
    patch: operations['changeTeamMemberRole'];
    trace?: never;
  };
  '/api/roles': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Roles and the permissions each one holds (read-only) */
    get: operations['listRoles'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/settings': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every global setting, by group */
    get: operations['listSettings'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Change one or more global settings at once
     * @description Each value must match its setting’s type; secrets are encrypted and never returned.
     */
    patch: operations['updateSettings'];
    trace?: never;
  };
  '/api/settings/{key}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One global setting */
    get: operations['getSetting'];
    put?: never;
    post?: never;
    /** Return a setting to its default */
    delete: operations['resetSetting'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/admin/email/test': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Send a test email with the current SMTP settings */
    post: operations['sendTestEmail'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/categories': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Catalogue categories, in display order */
    get: operations['listCategories'];
    put?: never;
    /** Create a category */
    post: operations['createCategory'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/categories/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a category */
    put: operations['updateCategory'];
    post?: never;
    /** Delete a category (409 while servers use it, unless they are moved) */
    delete: operations['deleteCategory'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The catalogue, filtered and sorted */
    get: operations['listServers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/search': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Full-text search over name, description and tags, ranked, with prefix matching */
    get: operations['searchServers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One server, by id or slug */
    get: operations['getServer'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/global': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Add a server to the global catalogue */
    post: operations['createGlobalServer'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/global/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a catalogue server */
    put: operations['updateGlobalServer'];
    post?: never;
    /** Remove a catalogue server (409 with the count while teams have it installed, unless force=true) */
    delete: operations['deleteGlobalServer'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/{id}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Versions of a server, newest first */
    get: operations['listServerVersions'];
    put?: never;
    /** Add a version; the first one, or one with is_latest, becomes the latest */
    post: operations['createServerVersion'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/mcp/servers/{id}/versions/{versionId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    /** Change a version; is_latest true moves the latest mark to it */
    put: operations['updateServerVersion'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/import': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Import server.json documents (one, an array, or a file sent as the body); each server is applied whole or not at all */
    post: operations['importRegistryDocuments'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/starter': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Load the bundled starter catalogue (a handful of well-known servers); loading it again changes nothing */
    post: operations['loadRegistryStarter'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/source': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The registry the catalogue syncs from (null when none is set) */
    get: operations['getRegistrySource'];
    /** Set the registry to sync from; a different URL starts over without a high-water mark */
    put: operations['setRegistrySource'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/sync': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Sync from the configured registry now and answer with the run when it ends */
    post: operations['runRegistrySync'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/sync/runs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Sync runs with their progress, newest first */
    get: operations['listRegistrySyncRuns'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/registry/sync/runs/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One sync run and its progress */
    get: operations['getRegistrySyncRun'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v0.1/servers': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Registry entries, one per server version, in cursor pages */
    get: operations['registryListServers'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v0.1/servers/{serverName}/versions': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Every version of one server, newest first */
    get: operations['registryListServerVersions'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/v0.1/servers/{serverName}/versions/{version}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One version of a server; `latest` names the latest */
    get: operations['registryGetServerVersion'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-protected-resource/v0.1': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** OAuth protected resource metadata (RFC 9728) of the registry API */
    get: operations['registryProtectedResourceMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The team’s installed servers, with the caller’s own instance */
    get: operations['listInstallations'];
    put?: never;
    /** Install a catalogue server for the team; every member gets an instance */
    post: operations['createInstallation'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One installation */
    get: operations['getInstallation'];
    put?: never;
    post?: never;
    /** Remove an installation and its instances */
    delete: operations['deleteInstallation'];
    options?: never;
    head?: never;
    /** Change an installation’s name, version, team values, satellite or settings */
    patch: operations['updateInstallation'];
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/tools/{toolName}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    /**
     * Switch one tool of an installation off (or on again) for the team’s MCP clients
     * @description A switched-off tool is left out of tools/list and refused on tools/call by every satellite serving the team, from its next command poll; the list is in the installation’s settings.disabled_tools.
     */
    patch: operations['setInstallationToolStatus'];
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/instances': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Instances with their status (administrators see all, members their own) */
    get: operations['listInstances'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller’s own instance and its status */
    get: operations['getMyInstanceStatus'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/user-config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The caller’s own values for an installation (secrets masked) */
    get: operations['getMyUserConfig'];
    /** Save the caller’s own values; filling every required one starts provisioning */
    put: operations['saveMyUserConfig'];
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/oauth/connect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Start signing in from a browser: redirects to the authorization server */
    get: operations['startUpstreamOAuthInBrowser'];
    put?: never;
    /** Start signing in to the server with OAuth; returns where to send the browser */
    post: operations['startUpstreamOAuth'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/oauth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Whether the caller is signed in to the server (never the tokens) */
    get: operations['getUpstreamOAuth'];
    put?: never;
    post?: never;
    /** Disconnect: revoke the tokens at the server where it allows, then delete them */
    delete: operations['disconnectUpstreamOAuth'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/upstream-oauth/callback': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Where the authorization server sends the member back (state bound to the session) */
    get: operations['upstreamOAuthCallback'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/upstream-oauth/client-metadata.json': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Groundstation’s client ID metadata document, for authorization servers */
    get: operations['getUpstreamOAuthClientMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/deployment-config/schema': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The JSON Schema of the deployment configuration file */
    get: operations['getDeploymentConfigSchema'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/deployment-config/validate': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Check a deployment configuration file, YAML or JSON, against the schema
     * @description Answers 200 whether or not the file is valid: `valid` says which, `errors` lists the first 100 syntax or schema errors with their JSON Pointer path, line and column, `omitted_errors` counts the rest, and `config` is the file with the schema defaults applied (null unless valid). A file whose lists and maps nest more than 64 levels deep is not checked: 400.
     */
    post: operations['validateDeploymentConfig'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/registration-tokens': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Registration tokens the caller manages (never the tokens themselves) */
    get: operations['listRegistrationTokens'];
    put?: never;
    /** Create a single-use satellite registration token (shown once) */
    post: operations['createRegistrationToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/registration-tokens/{tokenId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke an unused registration token */
    delete: operations['revokeRegistrationToken'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Pair a satellite with a registration token; returns its API key once
     * @description Accepts `<prefix>satellite_<scope>_<JWT>` (prefix: SATELLITE_TOKEN_PREFIX) and the older `service_satellite_<JWT>`. Refusals are 401 with `error` one of registration_token_required, invalid_registration_token, token_expired, token_already_used, token_invalid_scope, and the words in `error_description`. Unknown body fields and query parameters are ignored.
     */
    post: operations['registerSatellite'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Satellites the caller manages */
    get: operations['listSatellites'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One satellite */
    get: operations['getSatellite'];
    put?: never;
    post?: never;
    /** Remove a satellite and its key */
    delete: operations['deleteSatellite'];
    options?: never;
    head?: never;
    /** Rename, disable or enable a satellite, or set its URL (the audience of its tokens) */
    patch: operations['updateSatellite'];
    trace?: never;
  };
  '/api/satellites/{satelliteId}/rotate-key': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Replace a satellite’s API key (the old one stops at once) */
    post: operations['rotateSatelliteKey'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/metrics': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Heartbeat metrics of a satellite, newest first */
    get: operations['listSatelliteMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/metrics/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Heartbeat metrics of a satellite as they arrive (Server-Sent Events)
     * @description Same query as the list; `limit` and `offset` are checked but the stream always starts from the newest heartbeats.
     */
    get: operations['streamSatelliteMetrics'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/heartbeat': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Report health and metrics; answers the next interval and pending commands
     * @description Groundstation’s shape or the DeployStack satellite’s (docs/satellites.md). Only `status` is checked; other fields of an unexpected type are left out of the metrics, and unknown fields and query parameters are ignored.
     */
    post: operations['satelliteHeartbeat'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/commands': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Pending commands, most urgent and oldest first; marks them delivered */
    get: operations['pollSatelliteCommands'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/command-result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Report a command’s outcome, naming the command in the body */
    post: operations['reportSatelliteCommandResult'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/commands/{commandId}/result': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Report a command’s progress or outcome (same as …/command-result) */
    post: operations['reportCommandResult'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/config': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The member instances this satellite runs, with merged values; If-None-Match gives 304
     * @description Never 304 without If-None-Match: the DeployStack satellite sends none and counts 304 as a failure.
     */
    get: operations['getSatelliteConfig'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/tokens/status': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Whether a member’s upstream OAuth token exists for an installation; refreshed first when due */
    post: operations['getSatelliteOAuthTokenStatus'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/tokens/retrieve': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** A member’s upstream OAuth access token for an installation (never the refresh token); 404 while none is stored */
    post: operations['retrieveSatelliteOAuthToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/github-token/{installationId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** A GitHub token to download an installation’s repository; 404: download anonymously */
    get: operations['getSatelliteGitHubToken'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/events': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * A batch of 1 to 100 events, applied in order; bad events are reported, good ones land
     * @description Each event runs on its own: unknown type, invalid data or timestamp, and handler or storage failures are listed in failures with their index. The answer is 200 for full and partial success. An event identical to one accepted within the de-duplication window (same type, timestamp and data) counts as processed with the same id and is not applied again. Refusals of the whole batch say `validation` (400, 413) or `rate limit` (429) in `error`.
     */
    post: operations['postSatelliteEvents'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/event-history': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Events a satellite delivered and the backend accepted, newest first
     * @description Every accepted event (resent copies once), with a compact copy of its data, kept for SATELLITE_EVENT_HISTORY_RETENTION_DAYS. For global administrators, and for team administrators of a team satellite.
     */
    get: operations['listSatelliteEventHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/event-history/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Events a satellite delivers as they are accepted (Server-Sent Events)
     * @description Same query as the list; `limit` and `offset` are checked but the stream always starts from the newest events.
     */
    get: operations['streamSatelliteEventHistory'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/satellites/{satelliteId}/processes': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Processes a satellite reported */
    get: operations['listSatelliteProcesses'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/logs': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Server log lines, newest first (100 kept) */
    get: operations['listServerLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/requests': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tool requests, newest first */
    get: operations['listRequestLogs'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/tools': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tools the satellite discovered */
    get: operations['listInstallationTools'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/mcp/installations/{installationId}/usage': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Tool executions, newest first */
    get: operations['listInstallationUsage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/mcp/client-activity': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller’s tool executions, requests and MCP client reports, newest first
     * @description Tool executions and request log entries that satellites attributed to the caller, and client reports (kind `client`: what one of the caller’s MCP clients did through a satellite in one period), ordered by when the service recorded them. A call reported as a request log entry appears once, as the request.
     */
    get: operations['listClientActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/users/me/mcp/client-activity/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The caller’s tool executions, requests and client reports as they arrive (Server-Sent Events)
     * @description Same query as the list; `limit` and `offset` are checked but the stream always starts from the newest activity.
     */
    get: operations['streamClientActivity'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/notifications': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The team’s notifications, newest first */
    get: operations['listTeamNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/notifications/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team’s notifications as they are created (Server-Sent Events)
     * @description Same query as the list; `limit` and `offset` are checked but the stream always starts from the newest notifications.
     */
    get: operations['streamTeamNotifications'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/notifications/{notificationId}/read': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark one notification read (for the whole team) */
    post: operations['markTeamNotificationRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/notifications/read-all': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Mark every unread notification of the team read */
    post: operations['markAllTeamNotificationsRead'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/entries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The whole audit log, newest first */
    get: operations['listAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/entries/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Audit entries as they are written (Server-Sent Events)
     * @description Same query as the list; the stream always starts from the newest entries.
     */
    get: operations['streamAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/audit/entries': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The team’s audit entries, newest first */
    get: operations['listTeamAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/audit/entries/stream': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * The team’s audit entries as they are written (Server-Sent Events)
     * @description Same query as the list; the stream always starts from the newest entries.
     */
    get: operations['streamTeamAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Export the audit entries matching the list’s filters as JSON Lines */
    get: operations['exportAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/audit/export': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Export the team’s audit entries matching the list’s filters as JSON Lines */
    get: operations['exportTeamAuditEntries'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/verify': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Check the hash chain and report the first broken link */
    get: operations['verifyAuditChain'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/audit/head': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The chain’s start and head, to anchor outside this service */
    get: operations['getAuditChainHead'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/openid-configuration': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The same metadata, where clients that only know OpenID Connect discovery look */
    get: operations['getOpenIdConfiguration'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/register': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Dynamic client registration (RFC 7591), public clients only
     * @description Registers a public client (token_endpoint_auth_method none, authorization code with PKCE). Redirect URIs must be https URLs or http URLs on a loopback host, and are matched exactly. Refusals follow RFC 7591 §3.2.2 (invalid_redirect_uri, invalid_client_metadata) inside the error envelope.
     */
    post: operations['oauthRegisterClient'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/userinfo': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Who an access token acts for (OpenID Connect userinfo)
     * @description Bearer access token of any scope. email and email_verified only with user:read or account:read. Without a valid token: 401 with WWW-Authenticate.
     */
    get: operations['oauthUserinfo'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/authorized-clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The applications the caller has authorized, grouped by client */
    get: operations['listAuthorizedOAuthClients'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/authorized-clients/{clientId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke every grant and token the caller gave one client, and forget the approval */
    delete: operations['revokeAuthorizedOAuthClient'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Registered and metadata-document OAuth clients (administrators) */
    get: operations['listOAuthClients'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/clients/{clientId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a registered client: it can no longer authorize, and its tokens end */
    delete: operations['revokeOAuthClient'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/teams/{teamId}/oauth-clients': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Applications that hold usable tokens for the team, and whose (team administrators) */
    get: operations['listTeamOAuthClients'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/.well-known/oauth-authorization-server': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Authorization server metadata (RFC 8414) */
    get: operations['getOAuthMetadata'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/auth': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /**
     * Authorization endpoint (authorization code with PKCE S256)
     * @description Unknown client or redirect URI: 400, no redirect. Other problems redirect back with error and state. A signed-out browser is sent to the sign-in page and back; an approval already given for these scopes skips the consent page.
     */
    get: operations['oauthAuthorize'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/login': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The sign-in page of the browser flow */
    get: operations['oauthLoginPage'];
    put?: never;
    /** Sign in from the browser flow, then go back to where it started */
    post: operations['oauthLoginSubmit'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/consent': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** The consent page: which client asks for which access */
    get: operations['oauthConsentPage'];
    put?: never;
    /** Record the consent decision and send the browser back to the client */
    post: operations['oauthConsentDecision'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/token': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Token endpoint: authorization_code and refresh_token grants
     * @description Form-encoded (or JSON). Answers per RFC 6749 §5.1 with Cache-Control: no-store; errors per §5.2 (error, error_description) inside the error envelope.
     */
    post: operations['oauthToken'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke an access or refresh token (RFC 7009) */
    post: operations['oauthRevoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/introspect': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /**
     * Token introspection (RFC 7662) for signed-in callers and satellites
     * @description Signed-in callers: only their own tokens (any token, for global admins) are reported active. Satellites (API key as bearer, JSON body {token}): any user’s access token, with the team the satellite serves that user in (team_id, team_name, team_role, team_permissions), only when the satellite serves one of that user’s teams; anything else is {active: false}.
     */
    post: operations['oauthIntrospect'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/grants': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Command-line sessions the caller granted */
    get: operations['listOAuthGrants'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/grants/{grantId}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    post?: never;
    /** Revoke a command-line session and all its tokens */
    delete: operations['revokeOAuthGrant'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/grants/page': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Page listing command-line sessions, with revoke buttons */
    get: operations['oauthGrantsPage'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/oauth2/grants/revoke': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    get?: never;
    put?: never;
    /** Revoke from the page (form post) */
    post: operations['oauthGrantsPageRevoke'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/plugins': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Loaded and failed plugins, with the reason for each failure */
    get: operations['listPlugins'];
    put?: never;
    post?: never;
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/plugin/example-plugin/examples': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** Examples, newest first */
    get: operations['examplePluginListExamples'];
    put?: never;
    /** Create an example */
    post: operations['examplePluginCreateExample'];
    delete?: never;
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
  '/api/plugin/example-plugin/examples/{id}': {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** One example */
    get: operations['examplePluginGetExample'];
    /** Change an example’s name or description */
    put: operations['examplePluginUpdateExample'];
    post?: never;
    /** Delete an example */
    delete: operations['examplePluginDeleteExample'];
    options?: never;
    head?: never;
    patch?: never;
    trace?: never;
  };
}
export type webhooks = Record<string, never>;
export interface components {
  schemas: {
    /** ErrorEnvelope */
    ErrorEnvelope: {
      /** @enum {boolean} */
      success: false;
      /** @description What went wrong, in words */
      error: string;
      /** @description Stable machine-readable error code */
      code?: string;
      /** @description OAuth 2.0 error detail */
      error_description?: string;
      /** @description Seconds to wait before retrying */
      retry_after?: number;
    };
  };
  responses: never;
  parameters: never;
  requestBodies: never;
  headers: never;
  pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
  getHealth: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @enum {string} */
              status: 'ok';
              version: string;
              database: {
                reachable: boolean;
                /** @enum {string} */
                dialect: 'pglite' | 'postgresql';
                server_version: string;
                latency_ms: number;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The database is unreachable */
      503: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getDatabaseStatus: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @description True once set-up ran or DATABASE_URL is set */
              configured: boolean;
              /** @enum {string} */
              dialect: 'pglite' | 'postgresql';
              /** @enum {string} */
              source: 'environment' | 'setup' | 'default';
              migrations: {
                applied: number;
                pending: number;
                latest: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listDatabaseMigrations: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              migrations: {
                name: string;
                /** Format: date-time */
                applied_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  setupDatabase: {
    parameters: {
      query?: never;
      header?: {
        /** @description The one-time set-up code, instead of setup_code */
        'x-setup-code'?: string;
      };
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          dialect: 'pglite' | 'postgresql';
          /** @description PostgreSQL connection URL; required when dialect is postgresql */
          database_url?: string;
          /** @description The one-time code from the service log; needed unless a global administrator is signed in (or send it as the X-Setup-Code header) */
          setup_code?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @enum {string} */
              dialect: 'pglite' | 'postgresql';
              /** @description True when the service is moving over to the newly chosen database */
              restarting: boolean;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description A missing or wrong set-up code, or a signed-in caller without settings.edit */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The database is already configured */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many wrong set-up codes from this address; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  register: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit */
          username: string;
          /** Format: email */
          email: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Registration is switched off */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Username or email already in use */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  login: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Username or email */
          login: string;
          password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Invalid login or password */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The account is disabled */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many attempts; see retry_after and the Retry-After header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  logout: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  verifyEmail: {
    parameters: {
      query: {
        token: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  resendVerificationEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Already verified, or SMTP is not configured */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The SMTP server refused the message */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  requestPasswordReset: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          email: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description SMTP is not configured */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  resetPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              id: string;
              username: string;
              email: string;
              display_name: string | null;
              /** @enum {string} */
              global_role: 'global_admin' | 'global_user';
              email_verified: boolean;
              disabled: boolean;
              /** Format: date-time */
              created_at: string;
              teams: {
                id: string;
                name: string;
                slug: string;
                is_default: boolean;
                /** @enum {string} */
                role: 'team_admin' | 'team_user';
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateMe: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description 3 to 32 letters, digits, dots, dashes or underscores, starting with a letter or digit */
          username?: string;
          /** Format: email */
          email?: string;
          display_name?: string | null;
          /** @description Required when the email changes */
          current_password?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with another account or would leave no administrator */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many wrong passwords for this account; see retry_after and the Retry-After header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  changeMyPassword: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          current_password: string;
          new_password: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many wrong passwords for this account; see retry_after and the Retry-After header */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listMyTeams: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              teams: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listUsers: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Part of a username, email or display name */
        q?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              users: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with another account or would leave no administrator */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  adminUpdateUser: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          global_role?: 'global_admin' | 'global_user';
          disabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user: {
                id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                global_role: 'global_admin' | 'global_user';
                email_verified: boolean;
                disabled: boolean;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with another account or would leave no administrator */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getMyDefaultTeam: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              team: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listTeams: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              teams: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createTeam: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              team: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with the team’s rules (slug taken, last admin, default team) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listAllTeams: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              teams: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              team: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with the team’s rules (slug taken, last admin, default team) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateTeam: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              team: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                is_default: boolean;
                /**
                 * @description The caller’s role in the team
                 * @enum {string|null}
                 */
                role: 'team_admin' | 'team_user' | null;
                member_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with the team’s rules (slug taken, last admin, default team) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listTeamMembers: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              members: {
                user_id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                role: 'team_admin' | 'team_user';
                /** Format: date-time */
                joined_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  addTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Username or email of the account to add */
          login: string;
          /**
           * @default team_user
           * @enum {string}
           */
          role?: 'team_admin' | 'team_user';
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              member: {
                user_id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                role: 'team_admin' | 'team_user';
                /** Format: date-time */
                joined_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Already a member */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  removeTeamMember: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with the team’s rules (slug taken, last admin, default team) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  changeTeamMemberRole: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        userId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          role: 'team_admin' | 'team_user';
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              member: {
                user_id: string;
                username: string;
                email: string;
                display_name: string | null;
                /** @enum {string} */
                role: 'team_admin' | 'team_user';
                /** Format: date-time */
                joined_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Conflicts with the team’s rules (slug taken, last admin, default team) */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listRoles: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              permissions: {
                name: string;
                description: string;
              }[];
              global_roles: {
                /** @enum {string} */
                role: 'global_admin' | 'global_user';
                permissions: string[];
              }[];
              team_roles: {
                /** @enum {string} */
                role: 'team_admin' | 'team_user';
                permissions: string[];
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              groups: {
                group: string;
                settings: {
                  key: string;
                  group: string;
                  /** @enum {string} */
                  type: 'string' | 'number' | 'boolean' | 'secret';
                  description: string;
                  /** @description The effective value; always null for secrets */
                  value: boolean | number | (string | null);
                  /** @description Whether a value was stored (for secrets: whether one exists) */
                  is_set: boolean;
                  default: boolean | number | (string | null);
                }[];
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateSettings: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Setting keys and their new values; null stores an empty value */
          values: {
            [key: string]: boolean | number | (string | null);
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              settings: {
                key: string;
                group: string;
                /** @enum {string} */
                type: 'string' | 'number' | 'boolean' | 'secret';
                description: string;
                /** @description The effective value; always null for secrets */
                value: boolean | number | (string | null);
                /** @description Whether a value was stored (for secrets: whether one exists) */
                is_set: boolean;
                default: boolean | number | (string | null);
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSetting: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              setting: {
                key: string;
                group: string;
                /** @enum {string} */
                type: 'string' | 'number' | 'boolean' | 'secret';
                description: string;
                /** @description The effective value; always null for secrets */
                value: boolean | number | (string | null);
                /** @description Whether a value was stored (for secrets: whether one exists) */
                is_set: boolean;
                default: boolean | number | (string | null);
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  resetSetting: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        key: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              setting: {
                key: string;
                group: string;
                /** @enum {string} */
                type: 'string' | 'number' | 'boolean' | 'secret';
                description: string;
                /** @description The effective value; always null for secrets */
                value: boolean | number | (string | null);
                /** @description Whether a value was stored (for secrets: whether one exists) */
                is_set: boolean;
                default: boolean | number | (string | null);
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  sendTestEmail: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** Format: email */
          to: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description SMTP is not configured */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The SMTP server refused the message or could not be reached */
      502: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listCategories: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              categories: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                icon: string | null;
                sort_order: number;
                server_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createCategory: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
          icon?: string | null;
          sort_order?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              category: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                icon: string | null;
                sort_order: number;
                server_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Slug taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateCategory: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
          icon?: string | null;
          sort_order?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              category: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                icon: string | null;
                sort_order: number;
                server_count: number;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Slug taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteCategory: {
    parameters: {
      query?: {
        /** @description Category that takes over the servers of the deleted one */
        move_servers_to?: string;
      };
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Servers still use the category */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listServers: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        category_id?: string;
        transport?: 'stdio' | 'http' | 'sse';
        status?: 'active' | 'deprecated' | 'deleted';
        featured?: 'true' | 'false';
        language?: string;
        sort_by?: 'name' | 'repo_stars' | 'created_at';
        sort_order?: 'asc' | 'desc';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              servers: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                category_id: string | null;
                tags: string[];
                repository_url: string | null;
                repo_stars: number;
                homepage: string | null;
                language: string | null;
                /** @enum {string} */
                transport: 'stdio' | 'http' | 'sse';
                runtime: string | null;
                command: string | null;
                package: string | null;
                args: string[];
                url: string | null;
                config_schema: {
                  template: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  team: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  user: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                };
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                featured: boolean;
                /** @description Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md) */
                requires_oauth: boolean;
                oauth_client: {
                  client_id: string;
                  /** @description The secret itself is never shown */
                  has_secret: boolean;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  searchServers: {
    parameters: {
      query: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        category_id?: string;
        transport?: 'stdio' | 'http' | 'sse';
        status?: 'active' | 'deprecated' | 'deleted';
        featured?: 'true' | 'false';
        language?: string;
        /** @description Words to find in name, description and tags; the last may be a prefix */
        q: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              servers: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                category_id: string | null;
                tags: string[];
                repository_url: string | null;
                repo_stars: number;
                homepage: string | null;
                language: string | null;
                /** @enum {string} */
                transport: 'stdio' | 'http' | 'sse';
                runtime: string | null;
                command: string | null;
                package: string | null;
                args: string[];
                url: string | null;
                config_schema: {
                  template: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  team: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  user: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                };
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                featured: boolean;
                /** @description Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md) */
                requires_oauth: boolean;
                oauth_client: {
                  client_id: string;
                  /** @description The secret itself is never shown */
                  has_secret: boolean;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Server id or slug */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              server: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                category_id: string | null;
                tags: string[];
                repository_url: string | null;
                repo_stars: number;
                homepage: string | null;
                language: string | null;
                /** @enum {string} */
                transport: 'stdio' | 'http' | 'sse';
                runtime: string | null;
                command: string | null;
                package: string | null;
                args: string[];
                url: string | null;
                config_schema: {
                  template: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  team: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  user: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                };
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                featured: boolean;
                /** @description Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md) */
                requires_oauth: boolean;
                oauth_client: {
                  client_id: string;
                  /** @description The secret itself is never shown */
                  has_secret: boolean;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createGlobalServer: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
          category_id?: string | null;
          tags?: string[];
          /** Format: uri */
          repository_url?: string | null;
          repo_stars?: number;
          /** Format: uri */
          homepage?: string | null;
          language?: string | null;
          /** @enum {string} */
          transport: 'stdio' | 'http' | 'sse';
          /** @description e.g. node, python, docker */
          runtime?: string | null;
          command?: string | null;
          package?: string | null;
          args?: string[];
          /** Format: uri */
          url?: string | null;
          /** @description Fields the catalogue fixes (template), the team fills in, and each member fills in */
          config_schema?: {
            template?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
            team?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
            user?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
          };
          /** @enum {string} */
          status?: 'active' | 'deprecated';
          featured?: boolean;
          /** @description http/sse only: each member signs in to the server with OAuth. Left out on creation, it is detected (an unauthenticated request answered 401 with RFC 9728 metadata) */
          requires_oauth?: boolean;
          /** @description A client registered by hand with the server’s authorization server, for servers that offer neither client ID metadata documents nor dynamic registration. The secret is stored encrypted and never shown again; null removes the client */
          oauth_client?: {
            client_id: string;
            client_secret?: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              server: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                category_id: string | null;
                tags: string[];
                repository_url: string | null;
                repo_stars: number;
                homepage: string | null;
                language: string | null;
                /** @enum {string} */
                transport: 'stdio' | 'http' | 'sse';
                runtime: string | null;
                command: string | null;
                package: string | null;
                args: string[];
                url: string | null;
                config_schema: {
                  template: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  team: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  user: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                };
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                featured: boolean;
                /** @description Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md) */
                requires_oauth: boolean;
                oauth_client: {
                  client_id: string;
                  /** @description The secret itself is never shown */
                  has_secret: boolean;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Slug taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateGlobalServer: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Server id or slug */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          /** @description Lower-case letters, digits and dashes */
          slug?: string;
          description?: string | null;
          category_id?: string | null;
          tags?: string[];
          /** Format: uri */
          repository_url?: string | null;
          repo_stars?: number;
          /** Format: uri */
          homepage?: string | null;
          language?: string | null;
          /** @enum {string} */
          transport?: 'stdio' | 'http' | 'sse';
          /** @description e.g. node, python, docker */
          runtime?: string | null;
          command?: string | null;
          package?: string | null;
          args?: string[];
          /** Format: uri */
          url?: string | null;
          /** @description Fields the catalogue fixes (template), the team fills in, and each member fills in */
          config_schema?: {
            template?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
            team?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
            user?: {
              args?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              env?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
              headers?: {
                name: string;
                description?: string | null;
                /** @default false */
                required?: boolean;
                /** @default false */
                secret?: boolean;
                default?: string | null;
              }[];
            };
          };
          /** @enum {string} */
          status?: 'active' | 'deprecated';
          featured?: boolean;
          /** @description http/sse only: each member signs in to the server with OAuth. Left out on creation, it is detected (an unauthenticated request answered 401 with RFC 9728 metadata) */
          requires_oauth?: boolean;
          /** @description A client registered by hand with the server’s authorization server, for servers that offer neither client ID metadata documents nor dynamic registration. The secret is stored encrypted and never shown again; null removes the client */
          oauth_client?: {
            client_id: string;
            client_secret?: string;
          } | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              server: {
                id: string;
                name: string;
                slug: string;
                description: string | null;
                category_id: string | null;
                tags: string[];
                repository_url: string | null;
                repo_stars: number;
                homepage: string | null;
                language: string | null;
                /** @enum {string} */
                transport: 'stdio' | 'http' | 'sse';
                runtime: string | null;
                command: string | null;
                package: string | null;
                args: string[];
                url: string | null;
                config_schema: {
                  template: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  team: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                  user: {
                    args: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    env: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                    headers: {
                      name: string;
                      description: string | null;
                      required: boolean;
                      secret: boolean;
                      default: string | null;
                      /** @description Allowed values */
                      choices?: string[];
                      /** @description string, number, boolean or filepath */
                      format?: string;
                      /** @description An example shown while filling in */
                      placeholder?: string;
                    }[];
                  };
                };
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                featured: boolean;
                /** @description Each member signs in to this http/sse server with OAuth (docs/upstream-oauth.md) */
                requires_oauth: boolean;
                oauth_client: {
                  client_id: string;
                  /** @description The secret itself is never shown */
                  has_secret: boolean;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Slug taken */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteGlobalServer: {
    parameters: {
      query?: {
        /** @description Delete even when teams have installed it (their installations go too) */
        force?: 'true' | 'false';
      };
      header?: never;
      path: {
        /** @description Server id or slug */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Teams have installed the server */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listServerVersions: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Server id or slug */
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              versions: {
                id: string;
                server_id: string;
                version: string;
                changelog: string | null;
                /** Format: date */
                release_date: string | null;
                is_latest: boolean;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createServerVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        /** @description Server id or slug */
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          version: string;
          changelog?: string | null;
          /** Format: date */
          release_date?: string | null;
          is_latest?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              version: {
                id: string;
                server_id: string;
                version: string;
                changelog: string | null;
                /** Format: date */
                release_date: string | null;
                is_latest: boolean;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Version exists */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateServerVersion: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
        versionId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          version?: string;
          changelog?: string | null;
          /** Format: date */
          release_date?: string | null;
          is_latest?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              version: {
                id: string;
                server_id: string;
                version: string;
                changelog: string | null;
                /** Format: date */
                release_date: string | null;
                is_latest: boolean;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Version exists, or the only latest would be unset */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  importRegistryDocuments: {
    parameters: {
      query?: {
        /** @description Apply changes even to servers edited here */
        overwrite_local_edits?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    /** @description A server.json document, a registry entry {server,_meta}, or an array of them (a file's content) */
    requestBody: {
      content: {
        'application/json':
          | {
              [key: string]: unknown;
            }
          | unknown[];
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              result: {
                /** @description Versions added */
                created: number;
                /** @description Versions whose document or status changed */
                updated: number;
                unchanged: number;
                /** @description Entries not applied; `failures` says why */
                failed: number;
                failures: {
                  name: string | null;
                  version: string | null;
                  reason: string;
                }[];
                /** @description Servers edited here whose upstream changes were not applied to the catalogue */
                local_edits_kept: string[];
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  loadRegistryStarter: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              result: {
                /** @description Versions added */
                created: number;
                /** @description Versions whose document or status changed */
                updated: number;
                unchanged: number;
                /** @description Entries not applied; `failures` says why */
                failed: number;
                failures: {
                  name: string | null;
                  version: string | null;
                  reason: string;
                }[];
                /** @description Servers edited here whose upstream changes were not applied to the catalogue */
                local_edits_kept: string[];
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getRegistrySource: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              source: {
                base_url: string;
                /** @enum {string} */
                version_mode: 'latest' | 'all';
                enabled: boolean;
                /** Format: date-time */
                high_water_mark: string | null;
                /** @description An interrupted sync will continue where it stopped */
                resume_cursor_pending: boolean;
                /** Format: date-time */
                updated_at: string;
              } | null;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  setRegistrySource: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Registry base URL, e.g. https://registry.modelcontextprotocol.io */
          base_url: string;
          /**
           * @default latest
           * @enum {string}
           */
          version_mode?: 'latest' | 'all';
          /** @default true */
          enabled?: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              source: {
                base_url: string;
                /** @enum {string} */
                version_mode: 'latest' | 'all';
                enabled: boolean;
                /** Format: date-time */
                high_water_mark: string | null;
                /** @description An interrupted sync will continue where it stopped */
                resume_cursor_pending: boolean;
                /** Format: date-time */
                updated_at: string;
              } | null;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  runRegistrySync: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              run: {
                id: string;
                /** @enum {string} */
                trigger: 'schedule' | 'admin';
                /** @enum {string} */
                status: 'running' | 'succeeded' | 'completed_with_failures' | 'failed';
                /** Format: date-time */
                updated_since: string | null;
                resumed_from_cursor: boolean;
                pages: number;
                created: number;
                updated: number;
                unchanged: number;
                failed: number;
                failures: {
                  name: string | null;
                  version: string | null;
                  reason: string;
                }[];
                error: string | null;
                /** Format: date-time */
                started_at: string;
                /** Format: date-time */
                finished_at: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description A sync is running, or the source is disabled */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listRegistrySyncRuns: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              runs: {
                id: string;
                /** @enum {string} */
                trigger: 'schedule' | 'admin';
                /** @enum {string} */
                status: 'running' | 'succeeded' | 'completed_with_failures' | 'failed';
                /** Format: date-time */
                updated_since: string | null;
                resumed_from_cursor: boolean;
                pages: number;
                created: number;
                updated: number;
                unchanged: number;
                failed: number;
                failures: {
                  name: string | null;
                  version: string | null;
                  reason: string;
                }[];
                error: string | null;
                /** Format: date-time */
                started_at: string;
                /** Format: date-time */
                finished_at: string | null;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getRegistrySyncRun: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              run: {
                id: string;
                /** @enum {string} */
                trigger: 'schedule' | 'admin';
                /** @enum {string} */
                status: 'running' | 'succeeded' | 'completed_with_failures' | 'failed';
                /** Format: date-time */
                updated_since: string | null;
                resumed_from_cursor: boolean;
                pages: number;
                created: number;
                updated: number;
                unchanged: number;
                failed: number;
                failures: {
                  name: string | null;
                  version: string | null;
                  reason: string;
                }[];
                error: string | null;
                /** Format: date-time */
                started_at: string;
                /** Format: date-time */
                finished_at: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  registryListServers: {
    parameters: {
      query?: {
        /** @description metadata.nextCursor of the previous page */
        cursor?: string;
        limit?: number;
        /** @description Substring of the server name */
        search?: string;
        /** @description RFC 3339; implies include_deleted */
        updated_since?: string;
        /** @description `latest` or an exact version */
        version?: string;
        /** @description Include deleted entries (default false) */
        include_deleted?: 'true' | 'false';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            servers: {
              server: {
                $schema?: string;
                name: string;
                description: string;
                title?: string;
                repository?: {
                  /** Format: uri */
                  url: string;
                  source: string;
                  id?: string;
                  subfolder?: string;
                };
                version: string;
                /** Format: uri */
                websiteUrl?: string;
                icons?: {
                  /** Format: uri */
                  src: string;
                  mimeType?: string;
                  sizes?: string[];
                  /** @enum {string} */
                  theme?: 'light' | 'dark';
                }[];
                packages?: {
                  registryType: string;
                  /** Format: uri */
                  registryBaseUrl?: string;
                  identifier: string;
                  version?: string;
                  fileSha256?: string;
                  runtimeHint?: string;
                  transport:
                    | {
                        /** @enum {string} */
                        type: 'stdio';
                      }
                    | {
                        /** @enum {string} */
                        type: 'streamable-http' | 'sse';
                        url: string;
                        headers?: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                          variables?: {
                            [key: string]: {
                              description?: string;
                              isRequired?: boolean;
                              /** @enum {string} */
                              format?: 'string' | 'number' | 'boolean' | 'filepath';
                              value?: string;
                              isSecret?: boolean;
                              default?: string;
                              placeholder?: string;
                              choices?: string[];
                            };
                          };
                          name: string;
                        }[];
                      };
                  runtimeArguments?: (
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'positional';
                        valueHint?: string;
                        isRepeated?: boolean;
                      }
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'named';
                        name: string;
                        isRepeated?: boolean;
                      }
                  )[];
                  packageArguments?: (
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'positional';
                        valueHint?: string;
                        isRepeated?: boolean;
                      }
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'named';
                        name: string;
                        isRepeated?: boolean;
                      }
                  )[];
                  environmentVariables?: {
                    description?: string;
                    isRequired?: boolean;
                    /** @enum {string} */
                    format?: 'string' | 'number' | 'boolean' | 'filepath';
                    value?: string;
                    isSecret?: boolean;
                    default?: string;
                    placeholder?: string;
                    choices?: string[];
                    variables?: {
                      [key: string]: {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                      };
                    };
                    name: string;
                  }[];
                }[];
                remotes?: {
                  /** @enum {string} */
                  type: 'streamable-http' | 'sse';
                  url: string;
                  headers?: {
                    description?: string;
                    isRequired?: boolean;
                    /** @enum {string} */
                    format?: 'string' | 'number' | 'boolean' | 'filepath';
                    value?: string;
                    isSecret?: boolean;
                    default?: string;
                    placeholder?: string;
                    choices?: string[];
                    variables?: {
                      [key: string]: {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                      };
                    };
                    name: string;
                  }[];
                  variables?: {
                    [key: string]: {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                    };
                  };
                }[];
                _meta?: {
                  [key: string]: unknown;
                };
              } & {
                [key: string]: unknown;
              };
              _meta: {
                'io.modelcontextprotocol.registry/official': {
                  /** @enum {string} */
                  status: 'active' | 'deprecated' | 'deleted';
                  statusMessage?: string;
                  /** Format: date-time */
                  statusChangedAt: string;
                  /** Format: date-time */
                  publishedAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  isLatest: boolean;
                };
                'dev.groundstation/catalogue': {
                  /** @description The catalogue server this entry is */
                  server_id: string;
                  slug: string;
                  /** @description The catalogue version this entry is */
                  version_id: string;
                  /** @enum {string} */
                  catalogue_status: 'active' | 'deprecated' | 'deleted';
                  /** Format: date-time */
                  upstream_updated_at?: string;
                };
              } & {
                [key: string]: unknown;
              };
            }[];
            metadata: {
              /** @description Absent on the last page */
              nextCursor?: string;
              /** @description Entries on this page */
              count: number;
            };
          };
        };
      };
      /** @description Invalid request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Authentication is required (see WWW-Authenticate) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description The token lacks the registry:read scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
    };
  };
  registryListServerVersions: {
    parameters: {
      query?: {
        /** @description Include deleted entries (default false) */
        include_deleted?: 'true' | 'false';
      };
      header?: never;
      path: {
        /** @description URL-encoded server name, e.g. com.example%2Fweather */
        serverName: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            servers: {
              server: {
                $schema?: string;
                name: string;
                description: string;
                title?: string;
                repository?: {
                  /** Format: uri */
                  url: string;
                  source: string;
                  id?: string;
                  subfolder?: string;
                };
                version: string;
                /** Format: uri */
                websiteUrl?: string;
                icons?: {
                  /** Format: uri */
                  src: string;
                  mimeType?: string;
                  sizes?: string[];
                  /** @enum {string} */
                  theme?: 'light' | 'dark';
                }[];
                packages?: {
                  registryType: string;
                  /** Format: uri */
                  registryBaseUrl?: string;
                  identifier: string;
                  version?: string;
                  fileSha256?: string;
                  runtimeHint?: string;
                  transport:
                    | {
                        /** @enum {string} */
                        type: 'stdio';
                      }
                    | {
                        /** @enum {string} */
                        type: 'streamable-http' | 'sse';
                        url: string;
                        headers?: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                          variables?: {
                            [key: string]: {
                              description?: string;
                              isRequired?: boolean;
                              /** @enum {string} */
                              format?: 'string' | 'number' | 'boolean' | 'filepath';
                              value?: string;
                              isSecret?: boolean;
                              default?: string;
                              placeholder?: string;
                              choices?: string[];
                            };
                          };
                          name: string;
                        }[];
                      };
                  runtimeArguments?: (
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'positional';
                        valueHint?: string;
                        isRepeated?: boolean;
                      }
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'named';
                        name: string;
                        isRepeated?: boolean;
                      }
                  )[];
                  packageArguments?: (
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'positional';
                        valueHint?: string;
                        isRepeated?: boolean;
                      }
                    | {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        /** @enum {string} */
                        type: 'named';
                        name: string;
                        isRepeated?: boolean;
                      }
                  )[];
                  environmentVariables?: {
                    description?: string;
                    isRequired?: boolean;
                    /** @enum {string} */
                    format?: 'string' | 'number' | 'boolean' | 'filepath';
                    value?: string;
                    isSecret?: boolean;
                    default?: string;
                    placeholder?: string;
                    choices?: string[];
                    variables?: {
                      [key: string]: {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                      };
                    };
                    name: string;
                  }[];
                }[];
                remotes?: {
                  /** @enum {string} */
                  type: 'streamable-http' | 'sse';
                  url: string;
                  headers?: {
                    description?: string;
                    isRequired?: boolean;
                    /** @enum {string} */
                    format?: 'string' | 'number' | 'boolean' | 'filepath';
                    value?: string;
                    isSecret?: boolean;
                    default?: string;
                    placeholder?: string;
                    choices?: string[];
                    variables?: {
                      [key: string]: {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                      };
                    };
                    name: string;
                  }[];
                  variables?: {
                    [key: string]: {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                    };
                  };
                }[];
                _meta?: {
                  [key: string]: unknown;
                };
              } & {
                [key: string]: unknown;
              };
              _meta: {
                'io.modelcontextprotocol.registry/official': {
                  /** @enum {string} */
                  status: 'active' | 'deprecated' | 'deleted';
                  statusMessage?: string;
                  /** Format: date-time */
                  statusChangedAt: string;
                  /** Format: date-time */
                  publishedAt: string;
                  /** Format: date-time */
                  updatedAt: string;
                  isLatest: boolean;
                };
                'dev.groundstation/catalogue': {
                  /** @description The catalogue server this entry is */
                  server_id: string;
                  slug: string;
                  /** @description The catalogue version this entry is */
                  version_id: string;
                  /** @enum {string} */
                  catalogue_status: 'active' | 'deprecated' | 'deleted';
                  /** Format: date-time */
                  upstream_updated_at?: string;
                };
              } & {
                [key: string]: unknown;
              };
            }[];
            metadata: {
              /** @description Absent on the last page */
              nextCursor?: string;
              /** @description Entries on this page */
              count: number;
            };
          };
        };
      };
      /** @description Invalid request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Authentication is required (see WWW-Authenticate) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description The token lacks the registry:read scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
    };
  };
  registryGetServerVersion: {
    parameters: {
      query?: {
        /** @description Include deleted entries (default false) */
        include_deleted?: 'true' | 'false';
      };
      header?: never;
      path: {
        /** @description URL-encoded server name, e.g. com.example%2Fweather */
        serverName: string;
        /** @description URL-encoded version, or `latest` */
        version: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            server: {
              $schema?: string;
              name: string;
              description: string;
              title?: string;
              repository?: {
                /** Format: uri */
                url: string;
                source: string;
                id?: string;
                subfolder?: string;
              };
              version: string;
              /** Format: uri */
              websiteUrl?: string;
              icons?: {
                /** Format: uri */
                src: string;
                mimeType?: string;
                sizes?: string[];
                /** @enum {string} */
                theme?: 'light' | 'dark';
              }[];
              packages?: {
                registryType: string;
                /** Format: uri */
                registryBaseUrl?: string;
                identifier: string;
                version?: string;
                fileSha256?: string;
                runtimeHint?: string;
                transport:
                  | {
                      /** @enum {string} */
                      type: 'stdio';
                    }
                  | {
                      /** @enum {string} */
                      type: 'streamable-http' | 'sse';
                      url: string;
                      headers?: {
                        description?: string;
                        isRequired?: boolean;
                        /** @enum {string} */
                        format?: 'string' | 'number' | 'boolean' | 'filepath';
                        value?: string;
                        isSecret?: boolean;
                        default?: string;
                        placeholder?: string;
                        choices?: string[];
                        variables?: {
                          [key: string]: {
                            description?: string;
                            isRequired?: boolean;
                            /** @enum {string} */
                            format?: 'string' | 'number' | 'boolean' | 'filepath';
                            value?: string;
                            isSecret?: boolean;
                            default?: string;
                            placeholder?: string;
                            choices?: string[];
                          };
                        };
                        name: string;
                      }[];
                    };
                runtimeArguments?: (
                  | {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                      variables?: {
                        [key: string]: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                        };
                      };
                      /** @enum {string} */
                      type: 'positional';
                      valueHint?: string;
                      isRepeated?: boolean;
                    }
                  | {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                      variables?: {
                        [key: string]: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                        };
                      };
                      /** @enum {string} */
                      type: 'named';
                      name: string;
                      isRepeated?: boolean;
                    }
                )[];
                packageArguments?: (
                  | {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                      variables?: {
                        [key: string]: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                        };
                      };
                      /** @enum {string} */
                      type: 'positional';
                      valueHint?: string;
                      isRepeated?: boolean;
                    }
                  | {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                      variables?: {
                        [key: string]: {
                          description?: string;
                          isRequired?: boolean;
                          /** @enum {string} */
                          format?: 'string' | 'number' | 'boolean' | 'filepath';
                          value?: string;
                          isSecret?: boolean;
                          default?: string;
                          placeholder?: string;
                          choices?: string[];
                        };
                      };
                      /** @enum {string} */
                      type: 'named';
                      name: string;
                      isRepeated?: boolean;
                    }
                )[];
                environmentVariables?: {
                  description?: string;
                  isRequired?: boolean;
                  /** @enum {string} */
                  format?: 'string' | 'number' | 'boolean' | 'filepath';
                  value?: string;
                  isSecret?: boolean;
                  default?: string;
                  placeholder?: string;
                  choices?: string[];
                  variables?: {
                    [key: string]: {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                    };
                  };
                  name: string;
                }[];
              }[];
              remotes?: {
                /** @enum {string} */
                type: 'streamable-http' | 'sse';
                url: string;
                headers?: {
                  description?: string;
                  isRequired?: boolean;
                  /** @enum {string} */
                  format?: 'string' | 'number' | 'boolean' | 'filepath';
                  value?: string;
                  isSecret?: boolean;
                  default?: string;
                  placeholder?: string;
                  choices?: string[];
                  variables?: {
                    [key: string]: {
                      description?: string;
                      isRequired?: boolean;
                      /** @enum {string} */
                      format?: 'string' | 'number' | 'boolean' | 'filepath';
                      value?: string;
                      isSecret?: boolean;
                      default?: string;
                      placeholder?: string;
                      choices?: string[];
                    };
                  };
                  name: string;
                }[];
                variables?: {
                  [key: string]: {
                    description?: string;
                    isRequired?: boolean;
                    /** @enum {string} */
                    format?: 'string' | 'number' | 'boolean' | 'filepath';
                    value?: string;
                    isSecret?: boolean;
                    default?: string;
                    placeholder?: string;
                    choices?: string[];
                  };
                };
              }[];
              _meta?: {
                [key: string]: unknown;
              };
            } & {
              [key: string]: unknown;
            };
            _meta: {
              'io.modelcontextprotocol.registry/official': {
                /** @enum {string} */
                status: 'active' | 'deprecated' | 'deleted';
                statusMessage?: string;
                /** Format: date-time */
                statusChangedAt: string;
                /** Format: date-time */
                publishedAt: string;
                /** Format: date-time */
                updatedAt: string;
                isLatest: boolean;
              };
              'dev.groundstation/catalogue': {
                /** @description The catalogue server this entry is */
                server_id: string;
                slug: string;
                /** @description The catalogue version this entry is */
                version_id: string;
                /** @enum {string} */
                catalogue_status: 'active' | 'deprecated' | 'deleted';
                /** Format: date-time */
                upstream_updated_at?: string;
              };
            } & {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid request */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Authentication is required (see WWW-Authenticate) */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description The token lacks the registry:read scope */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @description What went wrong */
            error: string;
          };
        };
      };
    };
  };
  registryProtectedResourceMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            resource: string;
            authorization_servers: string[];
            scopes_supported: string[];
            bearer_methods_supported: string[];
            resource_name: string;
            resource_documentation: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listInstallations: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              installations: {
                id: string;
                team_id: string;
                name: string;
                server: {
                  id: string;
                  name: string;
                  slug: string;
                  transport: string;
                };
                version_id: string | null;
                team_config: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                satellite_id: string | null;
                settings: {
                  request_logging_enabled: boolean;
                  /** @description Tools switched off for the team (names as the server gives them): MCP clients neither see nor call them */
                  disabled_tools: string[];
                };
                tool_count: number;
                total_tokens: number;
                my_instance: {
                  id: string;
                  /** @enum {string} */
                  status:
                    | 'provisioning'
                    | 'command_received'
                    | 'connecting'
                    | 'discovering_tools'
                    | 'syncing_tools'
                    | 'online'
                    | 'restarting'
                    | 'offline'
                    | 'error'
                    | 'requires_reauth'
                    | 'permanently_failed'
                    | 'awaiting_user_config';
                  status_message: string | null;
                  /** Format: date-time */
                  status_updated_at: string;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createInstallation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Catalogue server id or slug */
          server_id: string;
          version_id?: string | null;
          name?: string;
          /** @description Values by field name; null removes one; "********" keeps a stored secret */
          team_config?: {
            args?: {
              [key: string]: string | null;
            };
            env?: {
              [key: string]: string | null;
            };
            headers?: {
              [key: string]: string | null;
            };
          };
          satellite_id?: string | null;
          settings?: {
            request_logging_enabled?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              installation: {
                id: string;
                team_id: string;
                name: string;
                server: {
                  id: string;
                  name: string;
                  slug: string;
                  transport: string;
                };
                version_id: string | null;
                team_config: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                satellite_id: string | null;
                settings: {
                  request_logging_enabled: boolean;
                  /** @description Tools switched off for the team (names as the server gives them): MCP clients neither see nor call them */
                  disabled_tools: string[];
                };
                tool_count: number;
                total_tokens: number;
                my_instance: {
                  id: string;
                  /** @enum {string} */
                  status:
                    | 'provisioning'
                    | 'command_received'
                    | 'connecting'
                    | 'discovering_tools'
                    | 'syncing_tools'
                    | 'online'
                    | 'restarting'
                    | 'offline'
                    | 'error'
                    | 'requires_reauth'
                    | 'permanently_failed'
                    | 'awaiting_user_config';
                  status_message: string | null;
                  /** Format: date-time */
                  status_updated_at: string;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The team already has an installation with that name */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getInstallation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              installation: {
                id: string;
                team_id: string;
                name: string;
                server: {
                  id: string;
                  name: string;
                  slug: string;
                  transport: string;
                };
                version_id: string | null;
                team_config: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                satellite_id: string | null;
                settings: {
                  request_logging_enabled: boolean;
                  /** @description Tools switched off for the team (names as the server gives them): MCP clients neither see nor call them */
                  disabled_tools: string[];
                };
                tool_count: number;
                total_tokens: number;
                my_instance: {
                  id: string;
                  /** @enum {string} */
                  status:
                    | 'provisioning'
                    | 'command_received'
                    | 'connecting'
                    | 'discovering_tools'
                    | 'syncing_tools'
                    | 'online'
                    | 'restarting'
                    | 'offline'
                    | 'error'
                    | 'requires_reauth'
                    | 'permanently_failed'
                    | 'awaiting_user_config';
                  status_message: string | null;
                  /** Format: date-time */
                  status_updated_at: string;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteInstallation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateInstallation: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          version_id?: string | null;
          name?: string;
          /** @description Values by field name; null removes one; "********" keeps a stored secret */
          team_config?: {
            args?: {
              [key: string]: string | null;
            };
            env?: {
              [key: string]: string | null;
            };
            headers?: {
              [key: string]: string | null;
            };
          };
          satellite_id?: string | null;
          settings?: {
            request_logging_enabled?: boolean;
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              installation: {
                id: string;
                team_id: string;
                name: string;
                server: {
                  id: string;
                  name: string;
                  slug: string;
                  transport: string;
                };
                version_id: string | null;
                team_config: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                satellite_id: string | null;
                settings: {
                  request_logging_enabled: boolean;
                  /** @description Tools switched off for the team (names as the server gives them): MCP clients neither see nor call them */
                  disabled_tools: string[];
                };
                tool_count: number;
                total_tokens: number;
                my_instance: {
                  id: string;
                  /** @enum {string} */
                  status:
                    | 'provisioning'
                    | 'command_received'
                    | 'connecting'
                    | 'discovering_tools'
                    | 'syncing_tools'
                    | 'online'
                    | 'restarting'
                    | 'offline'
                    | 'error'
                    | 'requires_reauth'
                    | 'permanently_failed'
                    | 'awaiting_user_config';
                  status_message: string | null;
                  /** Format: date-time */
                  status_updated_at: string;
                } | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The team already has an installation with that name */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  setInstallationToolStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
        toolName: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description true switches the tool off, false on again */
          is_disabled: boolean;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              tool_name: string;
              is_disabled: boolean;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listInstances: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              instances: {
                id: string;
                installation_id: string;
                user_id: string;
                /** @enum {string} */
                status:
                  | 'provisioning'
                  | 'command_received'
                  | 'connecting'
                  | 'discovering_tools'
                  | 'syncing_tools'
                  | 'online'
                  | 'restarting'
                  | 'offline'
                  | 'error'
                  | 'requires_reauth'
                  | 'permanently_failed'
                  | 'awaiting_user_config';
                status_message: string | null;
                /** Format: date-time */
                status_updated_at: string;
                /** Format: date-time */
                created_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getMyInstanceStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              instance: {
                id: string;
                installation_id: string;
                user_id: string;
                /** @enum {string} */
                status:
                  | 'provisioning'
                  | 'command_received'
                  | 'connecting'
                  | 'discovering_tools'
                  | 'syncing_tools'
                  | 'online'
                  | 'restarting'
                  | 'offline'
                  | 'error'
                  | 'requires_reauth'
                  | 'permanently_failed'
                  | 'awaiting_user_config';
                status_message: string | null;
                /** Format: date-time */
                status_updated_at: string;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getMyUserConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user_config: {
                installation_id: string;
                values: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                /** @description Required personal fields still without a value */
                missing_required: string[];
                /** @enum {string} */
                status:
                  | 'provisioning'
                  | 'command_received'
                  | 'connecting'
                  | 'discovering_tools'
                  | 'syncing_tools'
                  | 'online'
                  | 'restarting'
                  | 'offline'
                  | 'error'
                  | 'requires_reauth'
                  | 'permanently_failed'
                  | 'awaiting_user_config';
                /** Format: date-time */
                updated_at: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  saveMyUserConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Values by field name; null removes one; "********" keeps a stored secret */
          values: {
            args?: {
              [key: string]: string | null;
            };
            env?: {
              [key: string]: string | null;
            };
            headers?: {
              [key: string]: string | null;
            };
          };
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              user_config: {
                installation_id: string;
                values: {
                  args: {
                    [key: string]: string;
                  };
                  env: {
                    [key: string]: string;
                  };
                  headers: {
                    [key: string]: string;
                  };
                };
                /** @description Required personal fields still without a value */
                missing_required: string[];
                /** @enum {string} */
                status:
                  | 'provisioning'
                  | 'command_received'
                  | 'connecting'
                  | 'discovering_tools'
                  | 'syncing_tools'
                  | 'online'
                  | 'restarting'
                  | 'offline'
                  | 'error'
                  | 'requires_reauth'
                  | 'permanently_failed'
                  | 'awaiting_user_config';
                /** Format: date-time */
                updated_at: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  startUpstreamOAuthInBrowser: {
    parameters: {
      query?: {
        /** @description A path of this service to send the browser to afterwards (default /) */
        return_to?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the authorization server */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The server does not use OAuth, or its authorization server could not be used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  startUpstreamOAuth: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description A path of this service to send the browser to afterwards (default /) */
          return_to?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @description Where the member signs in; it comes back to /api/upstream-oauth/callback */
              authorization_url: string;
              /** Format: date-time */
              expires_at: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The server does not use OAuth, or its authorization server could not be used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getUpstreamOAuth: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              connected: boolean;
              /** Format: date-time */
              expires_at: string | null;
              scope: string | null;
              can_refresh: boolean;
              instance_status: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The server does not use OAuth, or its authorization server could not be used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  disconnectUpstreamOAuth: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @description Whether the server revoked the tokens (RFC 7009); they are deleted either way */
              revoked: boolean;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The server does not use OAuth, or its authorization server could not be used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  upstreamOAuthCallback: {
    parameters: {
      query: {
        state: string;
        code?: string;
        error?: string;
        error_description?: string;
        error_uri?: string;
        iss?: string;
        scope?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Back to the page the sign-in started from, with `upstream_oauth=connected`; for a browser also when the server refused (`upstream_oauth=refused&upstream_error=…`) */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The server does not use OAuth, or its authorization server could not be used */
      409: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getUpstreamOAuthClientMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            client_id: string;
            client_name: string;
            client_uri: string;
            redirect_uris: string[];
            grant_types: string[];
            response_types: string[];
            token_endpoint_auth_method: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getDeploymentConfigSchema: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            /** @description The JSON Schema (draft-07) of the deployment configuration file */
            data: {
              [key: string]: unknown;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  validateDeploymentConfig: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The text of the file, YAML or JSON; lists and maps may nest at most 64 levels deep */
          content: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              valid: boolean;
              /** @description Empty when valid; in the order they appear, the first 100 only */
              errors: {
                /** @description JSON Pointer to the value the error is about, e.g. /deployment/branches/main/label; empty for the whole file and for syntax errors. One longer than 200 characters is cut and ends in … */
                path: string;
                /** @description What is wrong, e.g. "is required" */
                message: string;
                /** @description 1-based line in the submitted text */
                line: number;
                /** @description 1-based column in the submitted text */
                column: number;
              }[];
              /** @description How many more errors the file has than `errors` lists */
              omitted_errors: number;
              /** @description The configuration with the schema defaults applied; null unless it is valid */
              config: {
                [key: string]: unknown;
              } | null;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listRegistrationTokens: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description active: only tokens not yet used, revoked or expired */
        state?: 'active';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              tokens: {
                id: string;
                name: string | null;
                /** @enum {string} */
                scope: 'global' | 'team';
                team_id: string | null;
                /** @description The account that issued it; null once that account is deleted */
                created_by: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                expires_at: string;
                /** Format: date-time */
                used_at: string | null;
                /** Format: date-time */
                revoked_at: string | null;
                /** @enum {string} */
                state: 'active' | 'used' | 'expired' | 'revoked';
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  createRegistrationToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          scope: 'global' | 'team';
          team_id?: string | null;
          name?: string | null;
          /** @description Default 1 hour (global) or 24 hours (team) */
          expires_in_seconds?: number;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              id: string;
              /** @description <prefix>satellite_<scope>_<JWT> (prefix: SATELLITE_TOKEN_PREFIX); shown only this once */
              token: string;
              /** @enum {string} */
              scope: 'global' | 'team';
              team_id: string | null;
              /** Format: date-time */
              expires_at: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  revokeRegistrationToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        tokenId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  registerSatellite: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The DeployStack satellite sends 10 to 32 characters of a-z, 0-9, - and _ */
          name: string;
          /** @description A list of strings, or (older form) an object */
          capabilities?:
            | string[]
            | {
                [key: string]: unknown;
              };
          /** @description Free-form, e.g. {os, arch, node_version, memory_mb} */
          system_info?: {
            [key: string]: unknown;
          };
          /** @description Where the satellite can be reached, stored as sent: the DeployStack satellite passes on what its operator configured, which may lack a scheme */
          satellite_url?: string | null;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              satellite: {
                id: string;
                name: string;
                /** @enum {string} */
                type: 'global' | 'team';
                team_id: string | null;
                status: string;
                disabled: boolean;
                version: string | null;
                /** @description Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): given at pairing or set by an administrator; a heartbeat never moves it */
                satellite_url: string | null;
                /** Format: date-time */
                last_heartbeat_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
              /** @description ssk_<key id>_<secret>; shown only this once */
              api_key: string;
            };
            satellite: {
              id: string;
              name: string;
              /** @description ssk_<key id>_<secret>; shown only this once */
              api_key: string;
              /** @enum {string} */
              type: 'global' | 'team';
              team_id: string | null;
              status: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listSatellites: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              satellites: {
                id: string;
                name: string;
                /** @enum {string} */
                type: 'global' | 'team';
                team_id: string | null;
                status: string;
                disabled: boolean;
                version: string | null;
                /** @description Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): given at pairing or set by an administrator; a heartbeat never moves it */
                satellite_url: string | null;
                /** Format: date-time */
                last_heartbeat_at: string | null;
                /** Format: date-time */
                created_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSatellite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              satellite: {
                id: string;
                name: string;
                /** @enum {string} */
                type: 'global' | 'team';
                team_id: string | null;
                status: string;
                disabled: boolean;
                version: string | null;
                /** @description Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): given at pairing or set by an administrator; a heartbeat never moves it */
                satellite_url: string | null;
                /** Format: date-time */
                last_heartbeat_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  deleteSatellite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  updateSatellite: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          disabled?: boolean;
          /** @description An absolute http(s) URL: where the satellite’s MCP clients reach it, the audience of their tokens. Audited (satellite.url_changed) */
          satellite_url?: string;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              satellite: {
                id: string;
                name: string;
                /** @enum {string} */
                type: 'global' | 'team';
                team_id: string | null;
                status: string;
                disabled: boolean;
                version: string | null;
                /** @description Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): given at pairing or set by an administrator; a heartbeat never moves it */
                satellite_url: string | null;
                /** Format: date-time */
                last_heartbeat_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  rotateSatelliteKey: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              satellite: {
                id: string;
                name: string;
                /** @enum {string} */
                type: 'global' | 'team';
                team_id: string | null;
                status: string;
                disabled: boolean;
                version: string | null;
                /** @description Where its MCP clients reach it, and the audience their tokens must name (RFC 8707): given at pairing or set by an administrator; a heartbeat never moves it */
                satellite_url: string | null;
                /** Format: date-time */
                last_heartbeat_at: string | null;
                /** Format: date-time */
                created_at: string;
              };
              /** @description ssk_<key id>_<secret>; shown only this once */
              api_key: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listSatelliteMetrics: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only heartbeats received at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              metrics: {
                id: string;
                satellite_id: string;
                /** @enum {string} */
                status: 'healthy' | 'degraded' | 'unhealthy';
                cpu_percent: number | null;
                memory_percent: number | null;
                process_count: number | null;
                uptime_seconds: number | null;
                /** @description Process counts by state (running, stopped, failed) */
                processes: {
                  [key: string]: number;
                };
                /** @description System figures: cpu_percent, memory_percent, memory_used_mb, … */
                system: {
                  [key: string]: number;
                };
                /** Format: date-time */
                created_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamSatelliteMetrics: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only heartbeats received at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"metrics": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `metrics` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  satelliteHeartbeat: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /**
           * @description healthy | degraded | unhealthy; the DeployStack satellite sends active | degraded | error
           * @enum {string}
           */
          status: 'healthy' | 'degraded' | 'unhealthy' | 'active' | 'error';
          /** @description string, up to 50 characters */
          version?: unknown;
          /** @description number */
          uptime_seconds?: unknown;
          /** @description Counts {running, stopped, failed}, or a list of {id, server_name, status, health_status, performance_metrics?} (DeployStack satellite) */
          processes?: unknown;
          /** @description {cpu_percent, memory_percent, memory_used_mb, memory_total_mb, disk_percent, load_average} */
          system?: unknown;
          /** @description {cpu_usage_percent, memory_usage_mb, disk_usage_percent, uptime_seconds} (DeployStack satellite) */
          system_metrics?: unknown;
          /** @description team id → list of {installation_id, installation_name, status, pid?, uptime_seconds, …}; counted by status into running, stopped and failed */
          processes_by_team?: unknown;
          /** @description free-form; only summary counts are kept */
          normalized_data?: unknown;
          /** @description free-form; only summary counts are kept */
          mcp_status?: unknown;
          /** @description whole number */
          error_count?: unknown;
          /** @description string: where the satellite can be reached. Sets its URL only when it has none (paired without one); another URL never moves it (the audience of its tokens) and is only recorded */
          satellite_url?: unknown;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              next_heartbeat_seconds: number;
              pending_commands: number;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  pollSatelliteCommands: {
    parameters: {
      query?: {
        limit?: string;
        /** @description When the satellite started this poll. Accepted and never used as a filter: every pending command is handed out, whatever it says */
        last_poll?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            commands: {
              /** @description Echo it as command_id in the result */
              id: string;
              /** @description One of configure, spawn, kill, restart, health_check, invalidate_user_token_cache */
              command_type: string;
              /** @enum {string} */
              priority: 'immediate' | 'high' | 'normal' | 'low';
              payload: {
                [key: string]: unknown;
              };
              correlation_id: string;
              status: string;
              /** Format: date-time */
              created_at: string;
              /** Format: date-time */
              expires_at: string;
            }[];
            /** @enum {string} */
            polling_mode: 'immediate' | 'normal' | 'slow';
            /** @description Seconds; 2 while commands wait, else 60 */
            next_poll_interval: number;
            data: {
              commands: {
                id: string;
                /** @description One of configure, spawn, kill, restart, health_check, invalidate_user_token_cache */
                type: string;
                /** @enum {string} */
                priority: 'immediate' | 'high' | 'normal' | 'low';
                payload: {
                  [key: string]: unknown;
                };
                status: string;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                expires_at: string;
              }[];
              next_poll_seconds: number;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  reportSatelliteCommandResult: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          command_id: string;
          /** @enum {string} */
          status: 'acknowledged' | 'executing' | 'completed' | 'failed';
          /** @description Free-form, per command type */
          result?: {
            [key: string]: unknown;
          } | null;
          error?: string | null;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              id: string;
              status: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  reportCommandResult: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
        commandId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @enum {string} */
          status: 'acknowledged' | 'executing' | 'completed' | 'failed';
          /** @description Free-form, per command type */
          result?: {
            [key: string]: unknown;
          } | null;
          error?: string | null;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              id: string;
              status: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSatelliteConfig: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            /** @description Keyed `<server slug>-<team slug>-<user id>-<installation id>` */
            mcp_servers: {
              [key: string]: {
                installation_id: string;
                instance_id: string;
                installation_name: string;
                team_id: string;
                team_slug: string;
                user_id: string;
                user_slug: string;
                server_name: string;
                server_slug: string;
                /** @enum {string} */
                transport_type: 'stdio' | 'http' | 'sse';
                enabled: boolean;
                requires_oauth: boolean;
                /** @enum {string|null} */
                source: 'manual' | 'github' | 'official_registry' | null;
                settings: {
                  request_logging_enabled: boolean;
                  disabled_tools: string[];
                };
                /** @description Names of the secret values (never the values), for the satellite to mask */
                secret_metadata: {
                  env: string[];
                  headers: string[];
                  query_params: string[];
                };
                /** @description stdio only */
                command?: string;
                /** @description stdio only */
                args?: string[];
                env?: {
                  [key: string]: string;
                };
                /**
                 * @description stdio only
                 * @enum {string}
                 */
                runtime?: 'node' | 'python';
                /** @description http and sse only */
                url?: string;
                headers?: {
                  [key: string]: string;
                };
                url_query_params?: {
                  [key: string]: string;
                };
                /** @description Milliseconds */
                timeout?: number;
              };
            };
            polling_intervals: {
              normal: number;
              immediate: number;
              error_backoff_max: number;
            };
            data: {
              instances: {
                process_id: string;
                instance_id: string;
                status: string;
                installation_id: string;
                installation_name: string;
                team_id: string;
                user_id: string;
                server: {
                  slug: string;
                  transport: string;
                  runtime: string | null;
                  command: string | null;
                  package: string | null;
                  args: string[];
                  url: string | null;
                };
                args: string[];
                env: {
                  [key: string]: string;
                };
                headers: {
                  [key: string]: string;
                };
                settings: {
                  request_logging_enabled: boolean;
                  disabled_tools: string[];
                };
              }[];
            };
          };
        };
      };
      /** @description Unchanged since the ETag given */
      304: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSatelliteOAuthTokenStatus: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          installation_id: string;
          user_id: string;
          team_id: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            exists: boolean;
            expired: boolean | null;
            expires_at: string | null;
            can_refresh: boolean;
            data: {
              exists: boolean;
              expired: boolean | null;
              expires_at: string | null;
              can_refresh: boolean;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  retrieveSatelliteOAuthToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          installation_id: string;
          user_id: string;
          team_id: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            access_token: string;
            refresh_token: string | null;
            token_type: string;
            expires_at: string | null;
            scope: string | null;
            data: {
              access_token: string;
              refresh_token: string | null;
              token_type: string;
              expires_at: string | null;
              scope: string | null;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getSatelliteGitHubToken: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            token: string;
            expires_at: string;
            data: {
              token: string;
              expires_at: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  postSatelliteEvents: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          events: unknown[];
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            /** @description Events applied now, or earlier when this is a resent copy (de-duplication) */
            processed: number;
            failed: number;
            /** @description Per processed event in batch order: the record it produced or changed, or its event history entry when it changes no other record; a resent copy gets the same id again */
            event_ids: string[];
            failures?: {
              index: number;
              type: string;
              error: string;
            }[];
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listSatelliteEventHistory: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only events of this type */
        type?: string;
        /** @description Only events received at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              events: {
                id: string;
                satellite_id: string;
                type: string;
                /**
                 * Format: date-time
                 * @description The event’s own timestamp, from the satellite’s clock
                 */
                timestamp: string;
                /**
                 * Format: date-time
                 * @description When the backend accepted it; items are ordered by it
                 */
                received_at: string;
                installation_id: string | null;
                /** @description The record the event produced or changed (its event id) */
                record_id: string | null;
                /** @description A compact copy of the event data: credentials redacted, tool arguments, responses and schemas left out, long texts and lists shortened */
                data: unknown;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamSatelliteEventHistory: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only events of this type */
        type?: string;
        /** @description Only events received at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"events": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `event` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listSatelliteProcesses: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        satelliteId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              processes: {
                process_id: string;
                installation_id: string | null;
                team_id: string;
                status: string;
                /** Format: date-time */
                started_at: string | null;
                pid: number | null;
                transport: string | null;
                tool_count: number | null;
                exit_code: number | null;
                signal: string | null;
                crash_count: number | null;
                error_details: string | null;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listServerLogs: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              logs: {
                id: string;
                level: string;
                message: string;
                /** Format: date-time */
                logged_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listRequestLogs: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              requests: {
                id: string;
                user_id: string | null;
                tool_name: string;
                request_params: unknown;
                tool_response: unknown;
                duration_ms: number;
                success: boolean;
                error_message: string | null;
                /** Format: date-time */
                occurred_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listInstallationTools: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              tools: {
                name: string;
                description: string | null;
                input_schema: unknown;
                token_count: number;
                /** @description Switched off for the team’s MCP clients (setInstallationToolStatus) */
                is_disabled: boolean;
                /**
                 * Format: date-time
                 * @description When the tool first appeared or its description, schema or size last changed (a satellite re-reporting it unchanged leaves this alone)
                 */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listInstallationUsage: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path: {
        teamId: string;
        installationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              usage: {
                id: string;
                user_id: string | null;
                tool_name: string;
                duration_ms: number;
                success: boolean;
                error_message: string | null;
                /** Format: date-time */
                occurred_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listClientActivity: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only activity in this team */
        team_id?: string;
        /** @description Only activity of this installation */
        installation_id?: string;
        /** @description Only activity recorded at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              activity: {
                id: string;
                /**
                 * @description tool_execution: a usage record; request: a request log entry; client: a client report
                 * @enum {string}
                 */
                kind: 'tool_execution' | 'request' | 'client';
                team_id: string;
                /** @description The installation called; null for client items */
                installation_id: string | null;
                /** @description The tool called; null for client items */
                tool_name: string | null;
                /** @description How long the call took; null for client items */
                duration_ms: number | null;
                /** @description Whether the call succeeded; null for client items */
                success: boolean | null;
                error_message: string | null;
                /**
                 * Format: date-time
                 * @description When the satellite says the call happened (client items: the last activity)
                 */
                occurred_at: string;
                /**
                 * Format: date-time
                 * @description When the service recorded it; items are ordered by it
                 */
                created_at: string;
                client?: {
                  satellite_id: string;
                  /** @description The OAuth client the MCP client signed in as */
                  oauth_client_id: string;
                  /** @description As the satellite recognised it (VS Code, Cursor, …) */
                  client_name: string;
                  /** @description oauth or instance_token */
                  auth_type: string;
                  user_agent: string | null;
                  ip_address: string | null;
                  session_id: string | null;
                  /** @description MCP requests in the period */
                  request_count: number;
                  /** @description Tool calls in the period */
                  tool_call_count: number;
                };
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamClientActivity: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only activity in this team */
        team_id?: string;
        /** @description Only activity of this installation */
        installation_id?: string;
        /** @description Only activity recorded at or after this time (ISO 8601) */
        since?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"activity": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `activity` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listTeamNotifications: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only notifications created at or after this time (ISO 8601) */
        since?: string;
        /** @description true: only notifications not yet read */
        unread?: boolean;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              notifications: {
                id: string;
                team_id: string;
                /** @enum {string} */
                type:
                  | 'instance.error'
                  | 'instance.requires_reauth'
                  | 'instance.permanently_failed'
                  | 'satellite.offline'
                  | 'satellite.online'
                  | 'installation.created'
                  | 'installation.deleted'
                  | 'tools.changed'
                  | 'server.deprecated'
                  | 'server.deleted';
                /** @enum {string} */
                severity: 'info' | 'warning' | 'error';
                title: string;
                message: string;
                /** @description Ids of what the notification is about (installation_id, satellite_id, …) */
                data: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                read_at: string | null;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamTeamNotifications: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        /** @description Only notifications created at or after this time (ISO 8601) */
        since?: string;
        /** @description true: only notifications not yet read */
        unread?: boolean;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"notifications": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `notification` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  markTeamNotificationRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
        notificationId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              notification: {
                id: string;
                team_id: string;
                /** @enum {string} */
                type:
                  | 'instance.error'
                  | 'instance.requires_reauth'
                  | 'instance.permanently_failed'
                  | 'satellite.offline'
                  | 'satellite.online'
                  | 'installation.created'
                  | 'installation.deleted'
                  | 'tools.changed'
                  | 'server.deprecated'
                  | 'server.deleted';
                /** @enum {string} */
                severity: 'info' | 'warning' | 'error';
                title: string;
                message: string;
                /** @description Ids of what the notification is about (installation_id, satellite_id, …) */
                data: {
                  [key: string]: unknown;
                };
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                read_at: string | null;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  markAllTeamNotificationsRead: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @description How many changed */
              marked: number;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listAuditEntries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
        team_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              entries: {
                id: string;
                /** @description Position in the hash chain. The log holds sealed entries only: one committed while it is read shows from the next read */
                seq: number;
                /** Format: date-time */
                created_at: string;
                /** @enum {string} */
                actor_type: 'user' | 'oauth_client' | 'satellite' | 'system';
                actor_id: string | null;
                team_id: string | null;
                /** @description One action of the catalogue (docs/operators.md) */
                action: string;
                target_type: string | null;
                target_id: string | null;
                /** @enum {string} */
                outcome: 'success' | 'failure';
                client_address: string | null;
                user_agent: string | null;
                request_id: string | null;
                /** @description Facts such as the names of changed fields; never values of secrets */
                details: {
                  [key: string]: unknown;
                };
                /** @description Hash of the previous entry (SHA-256, hex) */
                prev_hash: string;
                /** @description SHA-256 (hex) of this entry’s content, seq and prev_hash */
                hash: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamAuditEntries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
        team_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"entries": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `audit_entry` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listTeamAuditEntries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              entries: {
                id: string;
                /** @description Position in the hash chain. The log holds sealed entries only: one committed while it is read shows from the next read */
                seq: number;
                /** Format: date-time */
                created_at: string;
                /** @enum {string} */
                actor_type: 'user' | 'oauth_client' | 'satellite' | 'system';
                actor_id: string | null;
                team_id: string | null;
                /** @description One action of the catalogue (docs/operators.md) */
                action: string;
                target_type: string | null;
                target_id: string | null;
                /** @enum {string} */
                outcome: 'success' | 'failure';
                client_address: string | null;
                user_agent: string | null;
                request_id: string | null;
                /** @description Facts such as the names of changed fields; never values of secrets */
                details: {
                  [key: string]: unknown;
                };
                /** @description Hash of the previous entry (SHA-256, hex) */
                prev_hash: string;
                /** @description SHA-256 (hex) of this entry’s content, seq and prev_hash */
                hash: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  streamTeamAuditEntries: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description A text/event-stream: `retry: 3000` first; then either a `snapshot` message whose data is {"entries": [...]} (the 50 newest items, newest first) or, after a reconnect with a known Last-Event-ID, the items missed since then; then every poll up to 100 new items, oldest first, each sent as a message named `audit_entry` whose id is the item id and whose data is the item. Comment lines are keep-alive heartbeats. When the caller's access ends (logged out, token revoked, account disabled or deleted, no longer permitted), or after the stream's maximum lifetime, a last `end` message whose data is {"reason": "access_revoked", "status", "code", "error"} or {"reason": "max_lifetime"} precedes the close; after max_lifetime, reconnect with Last-Event-ID. */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/event-stream': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The caller already holds as many open streams as allowed (per account and per session or access token); close one first */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  exportAuditEntries: {
    parameters: {
      query?: {
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
        team_id?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON Lines (one audit entry per line, in chain order), streamed as it is read, for SIEM ingestion */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/jsonl': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  exportTeamAuditEntries: {
    parameters: {
      query?: {
        actor_type?: 'user' | 'oauth_client' | 'satellite' | 'system';
        actor_id?: string;
        /** @description One action of the catalogue */
        action?:
          | 'auth.sign_in'
          | 'auth.sign_out'
          | 'user.created'
          | 'user.password_changed'
          | 'user.password_reset'
          | 'user.email_changed'
          | 'user.updated'
          | 'user.role_changed'
          | 'user.disabled'
          | 'user.enabled'
          | 'user.deleted'
          | 'team.created'
          | 'team.updated'
          | 'team.deleted'
          | 'team.member_added'
          | 'team.member_removed'
          | 'team.member_role_changed'
          | 'oauth.consent_granted'
          | 'oauth.consent_denied'
          | 'oauth.tokens_issued'
          | 'oauth.code_reused'
          | 'oauth.client_registered'
          | 'oauth.client_revoked'
          | 'oauth.token_revoked'
          | 'oauth.refresh_token_reused'
          | 'satellite.registration_token_created'
          | 'satellite.registration_token_revoked'
          | 'satellite.paired'
          | 'satellite.key_rotated'
          | 'satellite.disabled'
          | 'satellite.enabled'
          | 'satellite.deleted'
          | 'satellite.url_changed'
          | 'settings.changed'
          | 'installation.created'
          | 'installation.updated'
          | 'installation.tool_status_changed'
          | 'installation.deleted'
          | 'upstream_oauth.connected'
          | 'upstream_oauth.refresh_failed'
          | 'upstream_oauth.disconnected'
          | 'installation.personal_config_changed'
          | 'catalogue.server_created'
          | 'catalogue.server_updated'
          | 'catalogue.server_deleted'
          | 'catalogue.category_created'
          | 'catalogue.category_updated'
          | 'catalogue.category_deleted'
          | 'catalogue.version_created'
          | 'catalogue.version_updated'
          | 'registry.imported'
          | 'registry.synced'
          | 'encryption.reencrypt_started'
          | 'encryption.reencrypt_finished'
          | 'encryption.key_retired'
          | 'audit.retention_applied';
        target_type?: string;
        target_id?: string;
        /** @description Only entries at or after this time (ISO 8601) */
        since?: string;
        /** @description Only entries before this time (ISO 8601) */
        until?: string;
      };
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description JSON Lines (one audit entry per line, in chain order), streamed as it is read, for SIEM ingestion */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/jsonl': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  verifyAuditChain: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              valid: boolean;
              checked: number;
              head: {
                /** @description First entry still kept (retention moves it) */
                start_seq: number;
                /** @description The hash the first kept entry links to */
                start_prev_hash: string;
                /** @description Last entry written (0: none yet) */
                head_seq: number;
                /** @description Hash of the last entry: anchor it elsewhere */
                head_hash: string;
              };
              broken: {
                /** @description Chain position of the first broken link */
                seq: number;
                /** @description The entry there, if it still exists */
                entry_id: string | null;
                /** @enum {string} */
                reason: 'modified' | 'relinked' | 'missing' | 'head_mismatch';
              } | null;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getAuditChainHead: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              /** @description First entry still kept (retention moves it) */
              start_seq: number;
              /** @description The hash the first kept entry links to */
              start_prev_hash: string;
              /** @description Last entry written (0: none yet) */
              head_seq: number;
              /** @description Hash of the last entry: anchor it elsewhere */
              head_hash: string;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOpenIdConfiguration: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            issuer: string;
            authorization_endpoint: string;
            token_endpoint: string;
            revocation_endpoint: string;
            introspection_endpoint: string;
            response_types_supported: string[];
            response_modes_supported: string[];
            grant_types_supported: string[];
            code_challenge_methods_supported: string[];
            token_endpoint_auth_methods_supported: string[];
            revocation_endpoint_auth_methods_supported: string[];
            scopes_supported: string[];
            authorization_response_iss_parameter_supported: boolean;
            registration_endpoint: string;
            userinfo_endpoint: string;
            client_id_metadata_document_supported: boolean;
            subject_types_supported: string[];
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthRegisterClient: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description https URLs, or http URLs on a loopback host; matched exactly */
          redirect_uris?: string[];
          client_name?: string;
          /** @description none (the default) */
          token_endpoint_auth_method?: string;
          grant_types?: string[];
          response_types?: string[];
          scope?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            client_id: string;
            client_id_issued_at: number;
            client_name: string;
            redirect_uris: string[];
            grant_types: string[];
            response_types: string[];
            /** @enum {string} */
            token_endpoint_auth_method: 'none';
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many registrations from this address */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthUserinfo: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            sub: string;
            preferred_username: string;
            name: string;
            email?: string;
            email_verified?: boolean;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description No valid access token */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listAuthorizedOAuthClients: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              clients: {
                client_id: string;
                client_name: string;
                client_kind: 'first_party' | 'dynamic' | 'metadata_document';
                scopes: string[];
                teams: {
                  id: string;
                  name: string | null;
                }[];
                resources: string[];
                grants: number;
                /** Format: date-time */
                last_used_at: string | null;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  revokeAuthorizedOAuthClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listOAuthClients: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              clients: {
                client_id: string;
                client_name: string;
                kind: 'first_party' | 'dynamic' | 'metadata_document';
                redirect_uris: string[];
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                revoked_at: string | null;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  revokeOAuthClient: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        clientId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listTeamOAuthClients: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        teamId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              clients: {
                client_id: string;
                client_name: string;
                client_kind: 'first_party' | 'dynamic' | 'metadata_document';
                users: {
                  user_id: string;
                  username: string;
                }[];
                scopes: string[];
                resources: string[];
                /** Format: date-time */
                last_used_at: string | null;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  getOAuthMetadata: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            issuer: string;
            authorization_endpoint: string;
            token_endpoint: string;
            revocation_endpoint: string;
            introspection_endpoint: string;
            response_types_supported: string[];
            response_modes_supported: string[];
            grant_types_supported: string[];
            code_challenge_methods_supported: string[];
            token_endpoint_auth_methods_supported: string[];
            revocation_endpoint_auth_methods_supported: string[];
            scopes_supported: string[];
            authorization_response_iss_parameter_supported: boolean;
            registration_endpoint: string;
            userinfo_endpoint: string;
            client_id_metadata_document_supported: boolean;
            subject_types_supported: string[];
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthAuthorize: {
    parameters: {
      query?: {
        /** @description Must be code */
        response_type?: string;
        /** @description service-gateway-cli */
        client_id?: string;
        /** @description One of the client’s registered redirect URIs, exactly */
        redirect_uri?: string;
        /** @description Space-separated scopes */
        scope?: string;
        /** @description Opaque value returned to the client */
        state?: string;
        /** @description BASE64URL(SHA-256(code_verifier)) */
        code_challenge?: string;
        /** @description Must be S256 */
        code_challenge_method?: string;
        /** @description RFC 8707: the satellite URL the token is for (becomes its audience) */
        resource?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description To the client, the sign-in page or the consent page */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthLoginPage: {
    parameters: {
      query?: {
        return_to?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An HTML page */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthLoginSubmit: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          login: string;
          password: string;
          return_to?: string;
        };
      };
    };
    responses: {
      /** @description Back to the authorization request */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description An HTML page */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description An HTML page */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description An HTML page */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthConsentPage: {
    parameters: {
      query?: {
        /** @description Must be code */
        response_type?: string;
        /** @description service-gateway-cli */
        client_id?: string;
        /** @description One of the client’s registered redirect URIs, exactly */
        redirect_uri?: string;
        /** @description Space-separated scopes */
        scope?: string;
        /** @description Opaque value returned to the client */
        state?: string;
        /** @description BASE64URL(SHA-256(code_verifier)) */
        code_challenge?: string;
        /** @description Must be S256 */
        code_challenge_method?: string;
        /** @description RFC 8707: the satellite URL the token is for (becomes its audience) */
        resource?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An HTML page */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description To the sign-in page, or back to the client on a bad request */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthConsentDecision: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description Must be code */
          response_type?: string;
          /** @description service-gateway-cli */
          client_id?: string;
          /** @description One of the client’s registered redirect URIs, exactly */
          redirect_uri?: string;
          /** @description Space-separated scopes */
          scope?: string;
          /** @description Opaque value returned to the client */
          state?: string;
          /** @description BASE64URL(SHA-256(code_verifier)) */
          code_challenge?: string;
          /** @description Must be S256 */
          code_challenge_method?: string;
          /** @description RFC 8707: the satellite URL the token is for (becomes its audience) */
          resource?: string;
          decision: 'approve' | 'deny';
          /** @description The team chosen; default: the user’s own */
          team_id?: string;
          csrf_token: string;
        };
      };
    };
    responses: {
      /** @description To the client with code and state, or error=access_denied */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description The chosen team is not one of the user’s */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description The browser is not signed in */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Cross-origin post, or a form not issued to this session */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthToken: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description authorization_code or refresh_token */
          grant_type?: string;
          /** @description service-gateway-cli, a registered client id or a metadata document URL */
          client_id?: string;
          /** @description The authorization code (authorization_code grant) */
          code?: string;
          /** @description The redirect URI of the authorization request */
          redirect_uri?: string;
          /** @description The PKCE verifier */
          code_verifier?: string;
          /** @description The refresh token (refresh_token grant) */
          refresh_token?: string;
          /** @description Optional narrower scope on refresh */
          scope?: string;
          /** @description RFC 8707: the resource of the authorization request (or none) */
          resource?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            access_token: string;
            /** @enum {string} */
            token_type: 'Bearer';
            expires_in: number;
            refresh_token?: string;
            scope: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description invalid_client: unknown client_id */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthRevoke: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          /** @description The access or refresh token to revoke */
          token?: string;
          /** @description access_token or refresh_token */
          token_type_hint?: string;
          /** @description service-gateway-cli */
          client_id?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description invalid_client: unknown client_id */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthIntrospect: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          token: string;
          /** @description access_token or refresh_token */
          token_type_hint?: string;
        } & {
          [key: string]: unknown;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            active: boolean;
            scope?: string;
            client_id?: string;
            username?: string;
            token_type?: string;
            exp?: number;
            iat?: number;
            sub?: string;
            iss?: string;
            /** @description RFC 8707 resource the token is bound to */
            aud?: string;
            team_id?: string;
            team_name?: string;
            /** @description team_admin or team_user */
            team_role?: string;
            team_permissions?: string[];
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listOAuthGrants: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              grants: {
                id: string;
                client_id: string;
                client_name: string;
                client_kind: 'first_party' | 'dynamic' | 'metadata_document';
                team_id: string | null;
                team_name: string | null;
                resource: string | null;
                scopes: string[];
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                last_used_at: string | null;
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  revokeOAuthGrant: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        grantId: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message: string;
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthGrantsPage: {
    parameters: {
      query?: {
        revoked?: '1';
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description An HTML page */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'text/html': string;
        };
      };
      /** @description To the sign-in page */
      302: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  oauthGrantsPageRevoke: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          grant_id: string;
          csrf_token: string;
        };
      };
    };
    responses: {
      /** @description Back to the page */
      303: {
        headers: {
          [name: string]: unknown;
        };
        content?: never;
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  listPlugins: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              plugins: {
                id: string;
                name: string | null;
                version: string | null;
                description: string | null;
                /** @enum {string} */
                source: 'built-in' | 'directory';
                /** @enum {string} */
                status: 'loaded' | 'failed';
                /** @description Why the plugin failed to load */
                error: string | null;
                /** @description METHOD path of each route it serves */
                routes: string[];
              }[];
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  examplePluginListExamples: {
    parameters: {
      query?: {
        /** @description Page size, 1 to 100 (default 20) */
        limit?: string;
        /** @description Items to skip, 0 or more (default 0) */
        offset?: string;
      };
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              examples: {
                id: string;
                name: string;
                description: string | null;
                created_by: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              }[];
              pagination: {
                total: number;
                limit: number;
                offset: number;
                has_more: boolean;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  examplePluginCreateExample: {
    parameters: {
      query?: never;
      header?: never;
      path?: never;
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name: string;
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      201: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              example: {
                id: string;
                name: string;
                description: string | null;
                created_by: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  examplePluginGetExample: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              example: {
                id: string;
                name: string;
                description: string | null;
                created_by: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  examplePluginUpdateExample: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody: {
      content: {
        'application/json': {
          name?: string;
          description?: string | null;
        };
      };
    };
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              example: {
                id: string;
                name: string;
                description: string | null;
                created_by: string | null;
                /** Format: date-time */
                created_at: string;
                /** Format: date-time */
                updated_at: string;
              };
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Request body is too large */
      413: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unsupported content type */
      415: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
  examplePluginDeleteExample: {
    parameters: {
      query?: never;
      header?: never;
      path: {
        id: string;
      };
      cookie?: never;
    };
    requestBody?: never;
    responses: {
      /** @description Default Response */
      200: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': {
            /** @enum {boolean} */
            success: true;
            message?: string;
            data: {
              deleted: boolean;
            };
          };
        };
      };
      /** @description Invalid request; the text names the field and what is wrong */
      400: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authentication is required */
      401: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Authenticated but not permitted */
      403: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Not found */
      404: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Too many requests; retry_after and the Retry-After header say when to try again */
      429: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
      /** @description Unexpected server failure */
      500: {
        headers: {
          [name: string]: unknown;
        };
        content: {
          'application/json': components['schemas']['ErrorEnvelope'];
        };
      };
    };
  };
}
