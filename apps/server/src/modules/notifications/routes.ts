// HTTP for the signed-in student's in-app notifications: list (with the unread count), mark read.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { notificationListSchema, notificationResponseSchema, pagingQuerySchema } from '@reshelf/shared';
import { z } from 'zod';
import { errors, noContent } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import type { NotificationsService } from './service.ts';

const idParams = z.object({ id: z.string().min(1).max(100) });

export async function notificationRoutes(app: FastifyInstance, opts: { notifications: NotificationsService }) {
  const { notifications } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const config = { access: 'student' } as const;

  r.get('/api/v1/notifications', { config, schema: { querystring: pagingQuerySchema, response: { 200: notificationListSchema, ...errors(400, 401) } } }, async (request) => {
    const auth = studentOf(request);
    return notifications.list(auth.student.id, request.query.page, request.query.pageSize);
  });

  r.post('/api/v1/notifications/read-all', { config, schema: { response: { 204: noContent, ...errors(401, 403) } } }, async (request, reply) => {
    const auth = studentOf(request);
    await notifications.markAllRead(auth.student.id);
    return reply.status(204).send();
  });

  r.post('/api/v1/notifications/:id/read', { config, schema: { params: idParams, response: { 200: notificationResponseSchema, ...errors(400, 401, 403, 404) } } }, async (request) => {
    const auth = studentOf(request);
    return { notification: await notifications.markRead(auth.student.id, request.params.id) };
  });
}
