import { redirectUriAllowed } from '../../config.js';

/**
 * Whether the text holds a control character (C0, DEL or C1). The URL parser silently drops
 * tabs and line breaks, so a redirect URI carrying them is stored as one string and redirects to
 * another, and line breaks in it would reach the pages, logs and audit entries that show it.
 */
export function hasControlCharacter(value: string): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x1f || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
}

/**
 * A redirect URI a client registers, in the form it is stored, returned and compared: the URL
 * parser's own serialisation (`href`), so that the registration answer shows the client exactly
 * the string its authorization requests must repeat. Null when it is not allowed (see
 * redirectUriAllowed) or holds a control character.
 */
export function registeredRedirectUri(value: string): string | null {
  if (hasControlCharacter(value) || !redirectUriAllowed(value)) return null;
  return new URL(value).href;
}
