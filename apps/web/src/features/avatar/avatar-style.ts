// Which generated avatar a student gets: sellers pick one of 30 styles, remembered in this browser under
// 'avatarStyle'; buyers and admins have a fixed one. Kept apart from the picker (which needs the dialog) so
// the public navigation bar can draw the same avatar without loading the picker's code.
import { LIMITS, type Role } from '@reshelf/shared';
import { readStored } from '../../lib/local-storage';

export const AVATAR_STYLE_KEY = 'avatarStyle';
/** The buyer's fixed style (buyers do not choose one), and the admin's. */
export const FIXED_AVATAR_STYLES: Record<Exclude<Role, 'seller'>, number> = { buyer: 7, admin: 12 };
const DEFAULT_SELLER_STYLE = 0;

export function isAvatarStyle(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < LIMITS.avatarStyles;
}

export function readAvatarStyle(): number {
  const stored = readStored<unknown>(AVATAR_STYLE_KEY, DEFAULT_SELLER_STYLE);
  return isAvatarStyle(stored) ? stored : DEFAULT_SELLER_STYLE;
}

/** The style a student's avatar is drawn in, as the dashboard draws it. */
export function avatarStyleOf(role: Role): number {
  return role === 'seller' ? readAvatarStyle() : FIXED_AVATAR_STYLES[role];
}
