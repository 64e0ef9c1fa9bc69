// The events the server pushes on the live channel (GET /api/v1/realtime, a websocket that clients only
// listen on). One union for both sides: the server's hub publishes only these, the web client reads them.
import { z } from 'zod';
import { notificationSchema, orderMessageSchema, orderSchema } from './responses';

export const realtimeEventSchema = z
  .discriminatedUnion('type', [
    z.object({ type: z.literal('ready') }).describe('The socket is subscribed: events from now on reach it'),
    z.object({ type: z.literal('message.created'), orderId: z.string(), message: orderMessageSchema }),
    z.object({ type: z.literal('order.updated'), order: orderSchema }),
    z.object({ type: z.literal('notification.created'), notification: notificationSchema }),
  ])
  .meta({ id: 'RealtimeEvent' });

export type RealtimeEvent = z.output<typeof realtimeEventSchema>;
