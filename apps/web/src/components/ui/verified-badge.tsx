// "Verified student": a student who proved enrolment with their university address
// (docs/decisions/0035-verified-students.md), beside their name and on their listings.
import { BadgeCheck } from 'lucide-react';
import { VERIFY_STUDENT_MESSAGES } from '@reshelf/shared';
import { cn } from '../../lib/cn';
import { Badge } from './badge';

export function VerifiedBadge({ className }: { className?: string }) {
  return (
    <Badge tone="green" className={cn('max-w-full', className)}>
      <BadgeCheck aria-hidden="true" size={14} className="shrink-0" />
      {VERIFY_STUDENT_MESSAGES.badge}
    </Badge>
  );
}
