// GET /api/v1/realtime: a websocket for the signed-in student; the server pushes events (new message,
// order change, notification). Clients only listen; they act through the HTTP API.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { RealtimeHub } from '../lib/realtime.ts';

export const realtimePlugin = fp(async (app: FastifyInstance, opts: { hub: RealtimeHub }) => {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  app.get('/api/v1/realtime', { websocket: true }, (socket, request) => {
    // A handshake is a GET, which the cross-site write check lets through: a page on another origin must
    // not read a student's messages and meetups with their cookie (cross-site websocket hijacking).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== app.ctx.config.publicOrigin) {
      socket.close(4403, 'Cross-site connection blocked');
      return;
    }
    if (!request.auth) {
      socket.close(4401, 'Not signed in');
      return;
    }
    const unsubscribe = opts.hub.subscribe(request.auth.student.id, (event) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
    });
    socket.send(JSON.stringify({ type: 'ready' }));
    // Keep idle connections alive through proxies.
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), 20_000);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    socket.on('message', () => {
      /* clients only listen */
    });
  });
});
