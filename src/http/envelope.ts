// The success envelopes every route answers with (docs/api-conventions.md). Their `success` is
// the literal `true`, which the routes' response schemas require.

/** `{ success: true, data }`: a payload. */
export const ok = <T>(data: T) => ({ success: true as const, data });

/** `{ success: true, message }`, or with a payload too. */
export function done(message: string): { success: true; message: string };
export function done<T>(message: string, data: T): { success: true; message: string; data: T };
export function done<T>(message: string, data?: T) {
  return data === undefined
    ? { success: true as const, message }
    : { success: true as const, message, data };
}

/**
 * `{ success: true, ...fields }`: for the few answers whose fields a standard fixes at the top
 * level (OAuth token, introspection and registration responses, discovery metadata).
 */
export const okFields = <T extends object>(fields: T) => ({ success: true as const, ...fields });
