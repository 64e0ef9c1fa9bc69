// The student's generated avatar in the dashboard (made by the server from the student id). Sellers
// pick one of 30 styles, remembered in this browser under 'avatarStyle'; buyers and admins have a fixed one.
import { useState } from 'react';
import { Check } from 'lucide-react';
import { LIMITS, type Role } from '@reshelf/shared';
import { avatarUrl } from '../../components/ui/avatar';
import { Dialog } from '../../components/ui/dialog';
import { cn } from '../../lib/cn';
import { writeStored } from '../../lib/local-storage';
import { AVATAR_STYLE_KEY, FIXED_AVATAR_STYLES, isAvatarStyle as isStyle, readAvatarStyle } from './avatar-style';

/** The style to draw for a role, and for sellers a setter that remembers the choice. */
export function useAvatarStyle(role: Role): [number, ((style: number) => void) | null] {
  const [style, setStyle] = useState(readAvatarStyle);
  if (role !== 'seller') return [FIXED_AVATAR_STYLES[role], null];
  return [
    style,
    (next: number) => {
      if (!isStyle(next)) return;
      setStyle(next);
      writeStored(AVATAR_STYLE_KEY, next);
    },
  ];
}

export interface AvatarPickerProps {
  open: boolean;
  onClose: () => void;
  seed: string;
  value: number;
  onChange: (style: number) => void;
}

export function AvatarPicker({ open, onClose, seed, value, onChange }: AvatarPickerProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Choose your avatar" description="Pick the look you like; it is saved on this device." size="lg">
      <div className="grid grid-cols-4 gap-2 sm:grid-cols-6">
        {Array.from({ length: LIMITS.avatarStyles }, (_, style) => {
          const selected = style === value;
          return (
            <button
              key={style}
              type="button"
              aria-label={`Avatar style ${style + 1}`}
              aria-pressed={selected}
              onClick={() => {
                onChange(style);
                onClose();
              }}
              className={cn(
                'relative grid aspect-square place-items-center rounded-2xl border-2 p-1.5 transition-colors',
                selected ? 'border-brand-600 bg-brand-50' : 'border-transparent bg-ink-50 hover:border-ink-300',
              )}
            >
              <img src={avatarUrl(seed, style)} alt="" width={64} height={64} loading="lazy" className="h-full w-full rounded-full" />
              {selected && (
                <span aria-hidden="true" className="absolute top-1 right-1 grid h-5 w-5 place-items-center rounded-full bg-brand-600 text-white">
                  <Check size={14} />
                </span>
              )}
            </button>
          );
        })}
      </div>
    </Dialog>
  );
}
