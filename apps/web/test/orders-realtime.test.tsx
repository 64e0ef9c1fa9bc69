// The realtime client behind live order pages: events reach the handler, a dropped connection comes
// back after 1 s, 5 s, 10 s and then every 60 s, a reconnect asks the page to refetch, a 4401 close
// (not signed in) stays closed, and close() stops everything.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECONNECT_DELAYS_MS, connectRealtime, reconnectDelay } from '../src/lib/realtime';
import { FakeWebSocket, installFakeWebSocket } from './harness';

beforeEach(() => {
  installFakeWebSocket();
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('realtime client', () => {
  it('waits 1 s, 5 s, 10 s, then 60 s between attempts', () => {
    expect(RECONNECT_DELAYS_MS).toEqual([1000, 5000, 10000, 60000]);
    expect([0, 1, 2, 3, 4, 9].map(reconnectDelay)).toEqual([1000, 5000, 10000, 60000, 60000, 60000]);
  });

  it('reconnects with the backoff and asks for a refetch once connected again', () => {
    const onEvent = vi.fn();
    const onReconnect = vi.fn();
    const connection = connectRealtime({ onEvent, onReconnect }, 'ws://test/api/v1/realtime');
    const first = FakeWebSocket.latest();
    first.open();
    expect(onEvent).toHaveBeenCalledWith({ type: 'ready' });
    expect(onReconnect).not.toHaveBeenCalled();

    first.drop();
    const attempts = (expected: number, wait: number) => {
      vi.advanceTimersByTime(wait - 1);
      expect(FakeWebSocket.instances).toHaveLength(expected - 1);
      vi.advanceTimersByTime(1);
      expect(FakeWebSocket.instances).toHaveLength(expected);
      FakeWebSocket.latest().drop();
    };
    attempts(2, 1000);
    attempts(3, 5000);
    attempts(4, 10000);
    attempts(5, 60000);
    attempts(6, 60000);

    vi.advanceTimersByTime(60000);
    const back = FakeWebSocket.latest();
    back.open();
    expect(onReconnect).toHaveBeenCalledTimes(1);
    back.emit({ type: 'message.created', orderId: 'o1', message: { id: 'm1' } });
    expect(onEvent).toHaveBeenLastCalledWith({ type: 'message.created', orderId: 'o1', message: { id: 'm1' } });

    // After a good connection the backoff starts again at 1 s.
    back.drop();
    vi.advanceTimersByTime(1000);
    expect(FakeWebSocket.instances).toHaveLength(8);
    connection.close();
    expect(FakeWebSocket.latest().closedByClient).toBe(true);
    FakeWebSocket.latest().drop();
    vi.advanceTimersByTime(120000);
    expect(FakeWebSocket.instances).toHaveLength(8);
  });

  it('stays closed when the server says the session ended, and says so once', () => {
    const onSessionEnded = vi.fn();
    connectRealtime({ onSessionEnded }, 'ws://test/api/v1/realtime');
    FakeWebSocket.latest().drop(4401);
    vi.advanceTimersByTime(120000);
    expect(FakeWebSocket.instances).toHaveLength(1);
    expect(onSessionEnded).toHaveBeenCalledTimes(1);
  });

  it('ignores frames that are not events', () => {
    const onEvent = vi.fn();
    connectRealtime({ onEvent }, 'ws://test/api/v1/realtime');
    const socket = FakeWebSocket.latest();
    socket.onmessage?.(new MessageEvent('message', { data: 'not json' }));
    socket.onmessage?.(new MessageEvent('message', { data: '{"no":"type"}' }));
    expect(onEvent).not.toHaveBeenCalled();
  });
});
