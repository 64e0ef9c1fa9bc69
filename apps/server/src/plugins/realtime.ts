// GET /api/v1/realtime: a websocket for the signed-in student; the server pushes events (new message,
// order change, notification). Clients only listen; they act through the HTTP API.
import websocket from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MESSAGES } from '@reshelf/shared';
import type { RealtimeEvent, RealtimeHub } from '../lib/realtime.ts';
import type { AccountsService } from '../modules/accounts/service.ts';

export const realtimePlugin = fp(async (app: FastifyInstance, opts: { hub: RealtimeHub; accounts: AccountsService }) => {
  await app.register(websocket, { options: { maxPayload: 4096 } });
  // Not an HTTP operation, so @fastify/websocket keeps it out of the OpenAPI document; its messages are
  // the document's RealtimeEvent schema (docs/api.md, Realtime).
  app.get('/api/v1/realtime', { websocket: true }, (socket, request) => {
    // A handshake is a GET, which the cross-site write check lets through: a page on another origin must
    // not read a student's messages and meetups with their cookie (cross-site websocket hijacking).
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== app.ctx.config.publicOrigin) {
      socket.close(4403, MESSAGES.crossSiteSocket);
      return;
    }
    if (!request.auth) {
      socket.close(4401, MESSAGES.notSignedIn);
      return;
    }
    const { student, tokenHash } = request.auth;
    const unsubscribe = opts.hub.subscribe(student.id, {
      tokenHash,
      send(event: RealtimeEvent) {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(event));
      },
      // The session ended (logout, password change or reset, deletion, expiry): nothing more reaches it.
      end() {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) socket.close(4401, MESSAGES.sessionEnded);
      },
    });
    // Keep idle connections alive through proxies.
    const ping = setInterval(() => socket.readyState === socket.OPEN && socket.ping(), 20_000);
    socket.on('close', () => {
      clearInterval(ping);
      unsubscribe();
    });
    // A session that ended between the handshake's session check and the subscription above was announced
    // before this socket listened: look once more now that it does.
    void opts.accounts.sessionIsLive(tokenHash).then(
      (live) => {
        if (!live) socket.close(4401, MESSAGES.sessionEnded);
        else if (socket.readyState === socket.OPEN) socket.send(JSON.stringify({ type: 'ready' } satisfies RealtimeEvent));
      },
      () => socket.close(1011, MESSAGES.socketTryAgain),
    );
    socket.on('message', () => {
      /* clients only listen */
    });
  });
});
