// Something a student starts with a tap (request a book, check out, accept, send a message...): it runs
// once however fast the button is tapped. A busy flag in React state alone is not enough: it only reaches
// the button on the next render, and a double-tap's second click (40-80 ms later, or sooner on a busy
// phone) can arrive before that render, sending the request twice. So the guard is a ref, checked and set
// in the same click; the state that disables the button follows in the render React makes at the end of
// that click. Actions on different things (removing two different cart rows) may run side by side when
// the caller gives each a key.
import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { useCallback, useRef, useState } from 'react';

export interface ActionCallbacks<TData, TVariables> {
  onSuccess?: (data: TData, variables: TVariables) => void;
  onError?: (error: Error, variables: TVariables) => void;
  onSettled?: () => void;
  /**
   * The success leads away from this page (onSuccess navigates): the action then stays under way after
   * the answer, its button busy, so a tap that lands between the answer and the next page (the second
   * click of a double-tap on a slow phone) sends nothing. The page that follows starts afresh.
   */
  leavesPage?: boolean;
}

export interface Action<TData, TVariables> {
  /** Starts the action unless the same one is already under way; false when the tap was ignored. */
  run: (variables: TVariables, callbacks?: ActionCallbacks<TData, TVariables>) => boolean;
  /** True from the tap until the answer (for the given variables' key when the action is keyed). */
  isRunning: (variables?: TVariables) => boolean;
  /** True while any run of this action is under way. */
  busy: boolean;
  /** The last answer, kept after it arrives (a checkout summary reads it). */
  data: TData | undefined;
}

const ONE = '';

/**
 * A mutation that acts once per tap. `key` names what a run acts on (a cart row, say); runs with
 * different keys may overlap, runs with the same key never do. Without `key` there is one run at a time.
 */
export function useAction<TData = unknown, TVariables = void>(
  options: UseMutationOptions<TData, Error, TVariables>,
  key?: (variables: TVariables) => string,
): Action<TData, TVariables> {
  const { mutateAsync, data } = useMutation(options);
  const inFlight = useRef(new Set<string>());
  const [running, setRunning] = useState<ReadonlySet<string>>(() => new Set());
  const keyOf = useRef(key);
  keyOf.current = key;

  const run = useCallback(
    (variables: TVariables, callbacks: ActionCallbacks<TData, TVariables> = {}) => {
      const id = keyOf.current ? keyOf.current(variables) : ONE;
      if (inFlight.current.has(id)) return false;
      inFlight.current.add(id);
      setRunning(new Set(inFlight.current));
      const settle = () => {
        inFlight.current.delete(id);
        setRunning(new Set(inFlight.current));
        callbacks.onSettled?.();
      };
      mutateAsync(variables).then(
        (answer) => {
          if (callbacks.leavesPage) callbacks.onSettled?.();
          else settle();
          callbacks.onSuccess?.(answer, variables);
        },
        (error: unknown) => {
          settle();
          callbacks.onError?.(error instanceof Error ? error : new Error(String(error)), variables);
        },
      );
      return true;
    },
    [mutateAsync],
  );

  const isRunning = useCallback(
    (variables?: TVariables) => {
      if (variables === undefined || !keyOf.current) return running.size > 0;
      return running.has(keyOf.current(variables));
    },
    [running],
  );

  return { run, isRunning, busy: running.size > 0, data };
}
