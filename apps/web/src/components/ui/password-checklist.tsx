// The password rules as a live checklist under a new-password field (sign-up rules from shared), each
// item read out as met or not met yet. Point the field's aria-describedby at `id`.
import { Check, Circle } from 'lucide-react';
import { passwordChecklist } from '@reshelf/shared';
import { cn } from '../../lib/cn';

export function PasswordChecklist({ id, password, className }: { id: string; password: string; className?: string }) {
  return (
    <ul id={id} aria-label="Password requirements" className={cn('grid gap-1.5 text-sm', className)}>
      {passwordChecklist(password).map((rule) => (
        <li key={rule.id} className={cn('flex items-center gap-2', rule.met ? 'text-brand-700' : 'text-ink-600')}>
          {rule.met ? <Check aria-hidden="true" size={16} /> : <Circle aria-hidden="true" size={14} />}
          {rule.label}
          <span className="sr-only">{rule.met ? ' (met)' : ' (not met yet)'}</span>
        </li>
      ))}
    </ul>
  );
}
