// The conversation between buyer and seller of one order: the list (new ones arrive over the realtime
// channel, see order-page.tsx) and a composer of 1-2000 characters with a counter. Web addresses in
// messages are links, and long words and addresses wrap inside the bubble. Once the order has ended
// without a sale the conversation stays readable but takes no new messages: there is no meetup left
// to agree, and the page says what to do instead.
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { MessageCircle, Send } from 'lucide-react';
import { LIMITS, messageSchema, type OrderMessage } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { cn } from '../../../lib/cn';
import { useSchemaForm } from '../../../lib/schema-form';
import { useOrderMessages, useSendMessage } from '../api';
import { LinkedText } from '../linked-text';
import { formatDateTime } from '../meetup-time';
import { Time } from '../../../components/ui/time';

export interface MessagesPanelProps {
  orderId: string;
  myId: string;
  otherName: string;
  /** Set when the order ended without a sale: shown instead of the composer. */
  closed?: ReactNode;
}

export function MessagesPanel({ orderId, myId, otherName, closed }: MessagesPanelProps) {
  const messages = useOrderMessages(orderId);
  const send = useSendMessage(orderId);
  const form = useSchemaForm(messageSchema, { body: '' }, { shouldFocusError: false });
  const text = form.watch('body');
  const error = form.formState.errors.body?.message;
  const listRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const count = messages.data?.length ?? 0;

  // Keep the newest message in view as they arrive.
  useEffect(() => {
    const list = listRef.current;
    if (list) list.scrollTop = list.scrollHeight;
  }, [count]);

  const onSubmit = form.handleSubmit(({ body }) => {
    send.run(body, {
      onSuccess: () => form.reset({ body: '' }),
      onError: (err) => toast.error(errorMessage(err, 'Could not send your message. Please try again.')),
    });
  });

  return (
    <section aria-labelledby={`${inputId}-title`} className="flex flex-col rounded-card border border-ink-200 bg-white shadow-soft">
      <h2 id={`${inputId}-title`} className="flex items-center gap-2 border-b border-ink-100 px-5 py-4 text-lg font-semibold">
        <MessageCircle aria-hidden="true" size={20} className="text-brand-700" /> Messages
      </h2>
      {messages.isPending ? (
        <div className="space-y-3 p-5" role="status" aria-label="Loading messages">
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="ml-auto h-12 w-1/2" />
        </div>
      ) : (
        <div
          ref={listRef}
          role="log"
          aria-label={`Conversation with ${otherName}`}
          tabIndex={0}
          className="flex max-h-[26rem] min-h-40 flex-col overflow-y-auto px-5 py-4"
        >
          <ol className="my-auto flex flex-col gap-3">
          {count === 0 && (
            <li className="text-center text-sm text-ink-600">
              {closed ? `You and ${otherName} sent no messages about this order.` : `No messages yet. Say hello to ${otherName} and agree the details of your meetup.`}
            </li>
          )}
          {messages.data?.map((message: OrderMessage) => {
            const mine = message.sender.id === myId;
            return (
              <li key={message.id} className={cn('flex max-w-[85%] min-w-0 flex-col', mine ? 'self-end items-end' : 'self-start items-start')}>
                <span className="mb-0.5 max-w-full text-xs [overflow-wrap:anywhere] text-ink-600">
                  {mine ? 'You' : message.sender.firstName} · <Time at={message.createdAt} format={formatDateTime} />
                </span>
                <p
                  className={cn(
                    'max-w-full rounded-2xl px-4 py-2 whitespace-pre-line [overflow-wrap:anywhere]',
                    mine ? 'rounded-br-sm bg-brand-600 text-white' : 'rounded-bl-sm bg-ink-100 text-ink-900',
                  )}
                >
                  <LinkedText
                    text={message.body}
                    linkClassName={cn('font-medium underline underline-offset-2', mine ? 'text-white' : 'text-brand-800')}
                  />
                </p>
              </li>
            );
          })}
          </ol>
        </div>
      )}
      {closed ? (
        <div className="border-t border-ink-100 p-4 text-sm text-ink-700">{closed}</div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="border-t border-ink-100 p-4">
          <label htmlFor={inputId} className="sr-only">
            Message
          </label>
          <Textarea
            id={inputId}
            rows={2}
            maxLength={LIMITS.messageMaxLength}
            placeholder={`Write to ${otherName}…`}
            aria-describedby={`${inputId}-count${error ? ` ${inputId}-error` : ''}`}
            aria-invalid={error ? true : undefined}
            {...form.field('body')}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) void onSubmit(event);
            }}
          />
          <div className="mt-2 flex items-center justify-between gap-3">
            <div className="text-sm">
              {error && (
                <p id={`${inputId}-error`} className="font-medium text-red-700">
                  {error}
                </p>
              )}
              <p id={`${inputId}-count`} className="text-ink-600">
                {text.length}/{LIMITS.messageMaxLength}
              </p>
            </div>
            <Button type="submit" size="sm" loading={send.busy}>
              <Send aria-hidden="true" size={16} /> Send
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
