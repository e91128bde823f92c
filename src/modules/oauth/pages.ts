/** Server-rendered pages of the sign-in and consent flow. Every interpolated value is escaped. */
import { createHash } from 'node:crypto';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body{font-family:system-ui,sans-serif;background:#f4f5f7;color:#1c1e21;margin:0;display:flex;justify-content:center}
main{background:#fff;margin:4rem 1rem;padding:2rem 2.5rem;border-radius:8px;box-shadow:0 1px 4px #0002;max-width:28rem;width:100%}
h1{font-size:1.3rem;margin-top:0}label{display:block;margin:1rem 0 .3rem;font-weight:600}
input[type=text],input[type=password]{width:100%;padding:.55rem;border:1px solid #bbb;border-radius:4px;box-sizing:border-box;font-size:1rem}
button{margin-top:1.4rem;padding:.6rem 1.2rem;border:0;border-radius:4px;font-size:1rem;cursor:pointer;background:#2456c9;color:#fff}
button.secondary{background:#e4e6eb;color:#1c1e21;margin-left:.5rem}
.error{background:#fde8e8;color:#9b1c1c;padding:.6rem;border-radius:4px}
ul{padding-left:1.2rem}li{margin:.4rem 0}code{background:#eef;padding:0 .2rem;border-radius:3px}
table{width:100%;border-collapse:collapse}td,th{text-align:left;padding:.4rem;border-bottom:1px solid #eee;vertical-align:top}
`;

/**
 * The Content-Security-Policy of these pages: their one style sheet (allowed by its hash, the
 * only inline content they have), no scripts, no frames, and forms that post to this service
 * only. A form's redirect must also pass form-action, so the clients' redirect URIs are listed:
 * the consent form ends with a 303 to one of them.
 */
export function pageDirectives(redirectUris: readonly string[]) {
  const styleHash = `'sha256-${createHash('sha256').update(STYLE).digest('base64')}'`;
  const clientOrigins = [...new Set(redirectUris.map((uri) => new URL(uri).origin))];
  return {
    defaultSrc: ["'none'"],
    styleSrc: [styleHash],
    formAction: ["'self'", ...clientOrigins],
    baseUri: ["'none'"],
    frameAncestors: ["'none'"],
  };
}

/** The same policy as one header value, for a page whose form redirects to one client. */
export function contentSecurityPolicy(redirectUris: readonly string[]): string {
  const d = pageDirectives(redirectUris);
  return [
    `default-src ${d.defaultSrc.join(' ')}`,
    `style-src ${d.styleSrc.join(' ')}`,
    `form-action ${d.formAction.join(' ')}`,
    `base-uri ${d.baseUri.join(' ')}`,
    `frame-ancestors ${d.frameAncestors.join(' ')}`,
  ].join('; ');
}

export function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escapeHtml(title)} · Groundstation</title><style>${STYLE}</style></head>
<body><main>${body}</main></body></html>`;
}

const hidden = (fields: Record<string, string | undefined>) =>
  Object.entries(fields)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v!)}">`)
    .join('');

export function loginPage(input: { returnTo: string; error?: string; login?: string }): string {
  return layout(
    'Sign in',
    `<h1>Sign in to Groundstation</h1>
${input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : ''}
<form method="post" action="/api/oauth2/login">
${hidden({ return_to: input.returnTo })}
<label for="login">Username or email</label>
<input type="text" id="login" name="login" autocomplete="username" required value="${escapeHtml(input.login ?? '')}">
<label for="password">Password</label>
<input type="password" id="password" name="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>`,
  );
}

export function consentPage(input: {
  clientName: string;
  clientId: string;
  /** How the client is known (first-party, self-registered, metadata document), in words. */
  clientKind: string;
  redirectUri: string;
  resource: string | undefined;
  username: string;
  scopes: Array<{ scope: string; description: string }>;
  /** Requested scopes that are not offered, hence not granted. */
  dropped: string[];
  teams: Array<{ id: string; name: string; isDefault: boolean }>;
  fields: Record<string, string | undefined>;
}): string {
  const items = input.scopes
    .map(
      (s) =>
        `<li><strong>${escapeHtml(s.description)}</strong> <code>${escapeHtml(s.scope)}</code></li>`,
    )
    .join('');
  const options = input.teams
    .map(
      (t, i) =>
        `<option value="${escapeHtml(t.id)}"${i === 0 ? ' selected' : ''}>${escapeHtml(t.name)}${t.isDefault ? ' (your default team)' : ''}</option>`,
    )
    .join('');
  const returnsTo = new URL(input.redirectUri);
  return layout(
    'Authorize',
    `<h1>Allow ${escapeHtml(input.clientName)}?</h1>
<p><strong>${escapeHtml(input.clientName)}</strong> (<code>${escapeHtml(input.clientId)}</code>) asks to act as
<strong>${escapeHtml(input.username)}</strong> and to:</p>
<ul>${items}</ul>
${
  input.dropped.length > 0
    ? `<p id="dropped">Not granted (not offered by this server): ${input.dropped.map((d) => `<code>${escapeHtml(d)}</code>`).join(' ')}</p>`
    : ''
}
<table>
<tr><th>Application</th><td id="client-kind">${escapeHtml(input.clientKind)}</td></tr>
<tr><th>Returns to</th><td><code>${escapeHtml(returnsTo.origin)}</code></td></tr>
${input.resource ? `<tr><th>For the server</th><td id="resource"><code>${escapeHtml(input.resource)}</code></td></tr>` : ''}
</table>
<form method="post" action="/api/oauth2/consent">
${hidden(input.fields)}
<label for="team_id">Team whose MCP servers it may use</label>
<select id="team_id" name="team_id" required>${options}</select>
<button type="submit" name="decision" value="approve">Allow</button>
<button type="submit" name="decision" value="deny" class="secondary">Deny</button>
</form>`,
  );
}

export function grantsPage(input: {
  username: string;
  csrf: (grantId: string) => string;
  grants: Array<{
    id: string;
    client_name: string;
    team_name: string | null;
    resource: string | null;
    scopes: string[];
    created_at: string;
    last_used_at: string | null;
  }>;
  notice?: string;
}): string {
  const rows = input.grants
    .map(
      (
        g,
      ) => `<tr><td>${escapeHtml(g.client_name)}${g.resource ? `<br><small>for <code>${escapeHtml(g.resource)}</code></small>` : ''}</td>
<td>${escapeHtml(g.team_name ?? '—')}</td><td>${g.scopes.map((s) => `<code>${escapeHtml(s)}</code>`).join(' ')}</td>
<td>${escapeHtml(g.created_at)}</td><td>${escapeHtml(g.last_used_at ?? 'never')}</td>
<td><form method="post" action="/api/oauth2/grants/revoke">${hidden({ grant_id: g.id, csrf_token: input.csrf(g.id) })}
<button type="submit" class="secondary">Revoke</button></form></td></tr>`,
    )
    .join('');
  return layout(
    'Authorized applications',
    `<h1>Applications authorized by ${escapeHtml(input.username)}</h1>
${input.notice ? `<p role="status">${escapeHtml(input.notice)}</p>` : ''}
${
  input.grants.length === 0
    ? '<p>No application has access to this account.</p>'
    : `<table><thead><tr><th>Client</th><th>Team</th><th>Scopes</th><th>Granted</th><th>Last used</th><th></th></tr></thead><tbody>${rows}</tbody></table>`
}`,
  );
}
