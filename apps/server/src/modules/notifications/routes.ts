// HTTP for the signed-in student's in-app notifications: list (with the unread count), mark read.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireStudent } from '../../plugins/session.ts';
import type { NotificationsService } from './service.ts';

const pageQuery = z.object({
  page: z.coerce.number().int().min(1, 'page must be a whole number of at least 1').default(1),
  pageSize: z.coerce.number().int().min(1).max(100, 'pageSize must be a whole number from 1 to 100').default(20),
});
const idParams = z.object({ id: z.string().min(1).max(100) });

export async function notificationRoutes(app: FastifyInstance, opts: { notifications: NotificationsService }) {
  const { notifications } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Signed-in check before validation, so an anonymous caller hears 401 whatever it sent.
  const signedIn = async (request: FastifyRequest) => void requireStudent(request);

  r.get('/api/v1/notifications', { preValidation: signedIn, schema: { querystring: pageQuery } }, async (request) => {
    const auth = requireStudent(request);
    return notifications.list(auth.student.id, request.query.page, request.query.pageSize);
  });

  r.post('/api/v1/notifications/read-all', async (request, reply) => {
    const auth = requireStudent(request);
    await notifications.markAllRead(auth.student.id);
    return reply.status(204).send();
  });

  r.post('/api/v1/notifications/:id/read', { preValidation: signedIn, schema: { params: idParams } }, async (request) => {
    const auth = requireStudent(request);
    return { notification: await notifications.markRead(auth.student.id, request.params.id) };
  });
}
