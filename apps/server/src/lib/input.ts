// Input hygiene shared by the HTTP layer and the upload reader: a NUL character is never meaningful in
// Reshelf's text, and PostgreSQL refuses it in text values (the request would fail with a 500 there).

/** Whether a parsed value (string, array or object, keys included) holds a NUL character anywhere. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  // Deeper than any payload of the API: its schemas refuse it anyway, and the walk stays bounded.
  if (value === null || typeof value !== 'object' || depth > 32) return false;
  if (Array.isArray(value)) return value.some((v) => containsNul(v, depth + 1));
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || containsNul(v, depth + 1));
}
