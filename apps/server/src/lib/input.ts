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

/**
 * The deepest nesting of arrays and objects a JSON body may have. Reshelf's payloads are flat objects
 * (depth 1, 2 at most in a listing's details); a generous margin still keeps a hostile body cheap.
 */
export const MAX_JSON_DEPTH = 16;

/**
 * Whether JSON text nests arrays or objects deeper than `max`, read in one pass that stops at the first
 * bracket too deep. JSON.parse of a body that is nothing but brackets holds the event loop for long, so
 * this runs before it. Brackets inside strings do not count; text that is not JSON is left to the parser.
 */
export function jsonNestingExceeds(text: string, max = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      // Skip the string: to its closing quote, stepping over escapes (\" and \\ among them).
      for (i++; i < text.length; i++) {
        const s = text.charCodeAt(i);
        if (s === 0x5c /* \ */) i++;
        else if (s === 0x22) break;
      }
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > max) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
