// HTTP for reports (docs/api.md, Reports; docs/decisions/0031-listing-lifecycle.md): a student reports a
// listing or a student; admins work through the queue and dismiss, take a listing down (also without a
// report) or suspend a student and lift it. Thin: the rules live in the service.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  bookResponseSchema,
  dismissReportsBodySchema,
  dismissReportsResponseSchema,
  pagingQuerySchema,
  reportBodySchema,
  reportQueueSchema,
  reportResponseSchema,
  reportedStudentResponseSchema,
  studentIdParamsSchema,
  suspendBodySchema,
  takeDownBodySchema,
  REPORT_MESSAGES,
} from '@reshelf/shared';
import { JSON_BODY_ERRORS, errors } from '../../lib/route-schemas.ts';
import { studentOf } from '../../plugins/session.ts';
import { bookIdParams } from '../listings/schemas.ts';
import type { ReportsService } from './service.ts';

export async function reportRoutes(app: FastifyInstance, opts: { reports: ReportsService }) {
  const { reports } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const admin = { access: 'admin' } as const;

  r.post(
    '/api/v1/reports',
    { config: { access: 'student', adminRefused: REPORT_MESSAGES.adminsDoNotReport }, schema: { body: reportBodySchema, response: { 201: reportResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409, 429) } } },
    async (request, reply) => {
      const report = await reports.report(studentOf(request).student, request.body);
      return reply.status(201).send({ report });
    },
  );

  r.get('/api/v1/admin/reports', { config: admin, schema: { querystring: pagingQuerySchema, response: { 200: reportQueueSchema, ...errors(400, 401, 403) } } }, async (request) => {
    return reports.queue(request.query.page, request.query.pageSize);
  });

  r.post(
    '/api/v1/admin/reports/dismiss',
    { config: admin, schema: { body: dismissReportsBodySchema, response: { 200: dismissReportsResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 409) } } },
    async (request) => ({ closed: await reports.dismiss(studentOf(request).student, request.body.target, request.body.id) }),
  );

  r.post(
    '/api/v1/admin/books/:id/take-down',
    { config: admin, schema: { params: bookIdParams, body: takeDownBodySchema, response: { 200: bookResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } },
    async (request) => ({ book: await reports.takeDown(studentOf(request).student, request.params.id, request.body.reason) }),
  );

  r.post(
    '/api/v1/admin/students/:id/suspend',
    { config: admin, schema: { params: studentIdParamsSchema, body: suspendBodySchema, response: { 200: reportedStudentResponseSchema, ...errors(...JSON_BODY_ERRORS, 401, 404, 409) } } },
    async (request) => ({ student: await reports.suspend(studentOf(request).student, request.params.id, request.body.reason) }),
  );

  r.post(
    '/api/v1/admin/students/:id/unsuspend',
    { config: admin, schema: { params: studentIdParamsSchema, response: { 200: reportedStudentResponseSchema, ...errors(400, 401, 403, 404, 409) } } },
    async (request) => ({ student: await reports.unsuspend(request.params.id) }),
  );
}
