/**
 * The names of the fields a change sets, two levels deep (`team_config.env.API_KEY`), for an
 * audit entry: configuration values may be secrets, so an entry names fields, never values.
 */
export function fieldNames(changes: Record<string, unknown>, depth = 3): string[] {
  const names: string[] = [];
  for (const [key, value] of Object.entries(changes)) {
    if (value === undefined) continue;
    const nested =
      depth > 1 && value !== null && typeof value === 'object' && !Array.isArray(value)
        ? fieldNames(value as Record<string, unknown>, depth - 1)
        : [];
    if (nested.length === 0) names.push(key);
    else names.push(...nested.map((n) => `${key}.${n}`));
  }
  return names.sort();
}
