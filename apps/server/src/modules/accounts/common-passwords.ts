// Refuses the passwords attackers try first: the 10,000 most common ones (the top of the frequency-ranked
// list zxcvbn ships, itself from leaked-password corpora), also when dressed up to pass the composition
// rules with capitals, look-alike symbols and a few digits or symbols around them ('Password1!', 'P@ssw0rd').
// Server-side only: the list never goes into the web bundle.
import { dictionary } from '@zxcvbn-ts/language-common';

const TOP = 10_000;
/** How many digits and symbols may surround a common word before the result stops counting as that word. */
const MAX_DECORATION = 6;

let common: Set<string> | undefined;
const list = () => (common ??= new Set((dictionary['passwords-common'] as string[]).slice(0, TOP)));

const LOOK_ALIKES: Record<string, string> = { '0': 'o', '1': 'i', '3': 'e', '4': 'a', '5': 's', '7': 't', '@': 'a', $: 's', '!': 'i' };
const undoLookAlikes = (s: string) => s.replace(/[013457@$!]/g, (c) => LOOK_ALIKES[c]!);

/** Whether `password` is one of the most common passwords, ignoring case, look-alikes and a little decoration. */
export function isCommonPassword(password: string): boolean {
  const words = list();
  const lower = password.toLowerCase();
  // A common password with symbols added at the end ('qwerty123456!').
  if (words.has(lower) || words.has(lower.replace(/[^a-z0-9]+$/, ''))) return true;
  // The word inside, without the digits and symbols at either end ('Welcome@123' → 'welcome').
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  if (!core || lower.length - core.length > MAX_DECORATION) return false;
  return words.has(core) || words.has(undoLookAlikes(core));
}
