// Avatars drawn on the server from a seed (the user id) with DiceBear: 30 styles, no outside service.
import { createAvatar } from '@dicebear/core';
import * as collection from '@dicebear/collection';
import { LIMITS } from '@reshelf/shared';

// 'initials' is left out: a random id's initials mean nothing. The order is fixed: a style number is stored by users.
const STYLE_NAMES = [
  'adventurer', 'adventurerNeutral', 'avataaars', 'avataaarsNeutral', 'bigEars', 'bigEarsNeutral', 'bigSmile',
  'bottts', 'botttsNeutral', 'croodles', 'croodlesNeutral', 'dylan', 'funEmoji', 'glass', 'icons', 'identicon',
  'lorelei', 'loreleiNeutral', 'micah', 'miniavs', 'notionists', 'notionistsNeutral', 'openPeeps', 'personas',
  'pixelArt', 'pixelArtNeutral', 'rings', 'shapes', 'thumbs', 'toonHead',
] as const satisfies readonly (keyof typeof collection)[];

if (STYLE_NAMES.length !== LIMITS.avatarStyles) throw new Error('avatar style list must match LIMITS.avatarStyles');

const cache = new Map<string, string>();
const CACHE_MAX = 2000;

export function renderAvatar(seed: string, style: number): string {
  const key = `${style}:${seed}`;
  const hit = cache.get(key);
  if (hit) return hit;
  const svg = createAvatar(collection[STYLE_NAMES[style]!] as Parameters<typeof createAvatar>[0], { seed }).toString();
  if (cache.size >= CACHE_MAX) cache.delete(cache.keys().next().value!);
  cache.set(key, svg);
  return svg;
}
