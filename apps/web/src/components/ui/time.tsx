// A moment as students read it (a date, or with `format` a date and time), with the exact moment for
// machines in `dateTime`. A <time> never breaks across lines (styles.css), so a date inside a sentence
// stays whole on a narrow phone.
import { formatDate } from '@reshelf/shared';

export function Time({ at, format = formatDate, className }: { at: string; format?: (at: string) => string; className?: string }) {
  return (
    <time dateTime={at} className={className}>
      {format(at)}
    </time>
  );
}
