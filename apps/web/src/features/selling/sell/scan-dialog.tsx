// The dialog of the wizard's "Scan barcode", loaded with the first tap (scan-barcode.tsx): the camera's
// video with a frame to hold the barcode in, read about ten times a second until it shows an ISBN, which
// closes the dialog and goes to the ISBN field. Every way it can fail says so here. The camera is on only
// while the dialog is open: closing it, a read ISBN, Try again and leaving the page stop it.
import { useEffect, useRef, useState } from 'react';
import { CameraOff, RotateCcw } from 'lucide-react';
import { MESSAGES } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { cameraProblem, createBarcodeReader, openCamera, readingOf, stopCamera, type BarcodeReader, type DetectedBarcode } from './barcode-scan';
import type { CameraSupport } from './scan-barcode';

export const SCAN_TITLE = 'Scan the barcode';
export const SCAN_HINT = 'Hold the barcode on the back of the book inside the frame. It is read as soon as it is sharp.';
export const SCAN_STARTING = 'Starting the camera…';

/** Between two looks at the video: about ten a second is quick to a person and spares a cheap phone. */
const SCAN_INTERVAL_MS = 100;

/** HTMLMediaElement.HAVE_CURRENT_DATA: the video has a frame to read. */
const HAVE_CURRENT_DATA = 2;

type ScanState = { phase: 'starting' } | { phase: 'scanning'; notice: string | null } | { phase: 'failed'; problem: string; canRetry: boolean };

/**
 * Runs the camera and the reader while `active`: opens the camera into the video, reads a frame every
 * SCAN_INTERVAL_MS until one holds an ISBN, and stops the camera when it is found, when `active` turns
 * false, on a new `attempt` (Try again) and when the component goes (leaving the page).
 */
function useBarcodeScan(active: boolean, attempt: number, support: CameraSupport, video: React.RefObject<HTMLVideoElement | null>, onIsbn: (isbn13: string) => void): ScanState {
  const [state, setState] = useState<ScanState>({ phase: 'starting' });
  // Each opening and each Try again starts afresh, from its first paint (not what the last one ended on).
  const run = active ? attempt : null;
  const [lastRun, setLastRun] = useState(run);
  if (run !== lastRun) {
    setLastRun(run);
    if (run !== null) setState({ phase: 'starting' });
  }
  const found = useRef(onIsbn);
  useEffect(() => {
    found.current = onIsbn;
  });

  useEffect(() => {
    if (!active) return;
    let over = false;
    let stream: MediaStream | null = null;
    let timer: number | undefined;
    const stop = () => {
      over = true;
      window.clearTimeout(timer);
      if (stream) stopCamera(stream);
      stream = null;
      if (video.current) video.current.srcObject = null;
    };
    const fail = (problem: string, canRetry = true) => {
      stop();
      setState({ phase: 'failed', problem, canRetry });
    };

    const start = async () => {
      if (support === 'insecure') return fail(MESSAGES.scanInsecure, false);
      // The reader loads while the seller answers the camera prompt.
      const reader: Promise<BarcodeReader> = createBarcodeReader();
      reader.catch(() => undefined);
      try {
        const opened = await openCamera();
        if (over) return stopCamera(opened);
        stream = opened;
      } catch (error) {
        if (!over) fail(cameraProblem(error));
        return;
      }
      const element = video.current;
      if (!element) return stop();
      element.srcObject = stream;
      // Muted and inline, a video may play without a tap; a play cut short because the dialog closed is no problem.
      await element.play().catch(() => undefined);
      let detector: BarcodeReader;
      try {
        detector = await reader;
      } catch {
        if (!over) fail(MESSAGES.scanReaderFailed);
        return;
      }
      if (over) return;
      setState({ phase: 'scanning', notice: null });

      const look = async () => {
        let barcodes: DetectedBarcode[] = [];
        try {
          barcodes = await detector.detect(element);
        } catch {
          // Before its first frame a video cannot be read; that passes. A reader that fails on a frame it has does not.
          if (!over && element.readyState >= HAVE_CURRENT_DATA) return fail(MESSAGES.scanReaderFailed);
        }
        if (over) return;
        const reading = readingOf(barcodes);
        if (reading && 'isbn13' in reading) {
          stop();
          found.current(reading.isbn13);
          return;
        }
        if (reading) setState((current) => (current.phase === 'scanning' && current.notice === reading.problem ? current : { phase: 'scanning', notice: reading.problem }));
        timer = window.setTimeout(() => void look(), SCAN_INTERVAL_MS);
      };
      void look();
    };
    void start();
    return stop;
  }, [active, attempt, support, video]);

  return state;
}

export interface ScanDialogProps {
  open: boolean;
  support: CameraSupport;
  onClose: () => void;
  /** Receives the ISBN-13 (13 digits) read from the barcode; the dialog is to close. */
  onIsbn: (isbn13: string) => void;
}

export function ScanDialog({ open, support, onClose, onIsbn }: ScanDialogProps) {
  const [attempt, setAttempt] = useState(0);
  const video = useRef<HTMLVideoElement>(null);
  const state = useBarcodeScan(open, attempt, support, video, onIsbn);
  const failed = state.phase === 'failed' ? state : null;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      title={SCAN_TITLE}
      showClose={false}
      footer={
        <>
          {failed?.canRetry && (
            <Button type="button" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
              <RotateCcw aria-hidden="true" size={18} /> Try again
            </Button>
          )}
          <Button type="button" variant={failed ? 'primary' : 'outline'} onClick={onClose}>
            {failed ? 'Type the ISBN' : 'Cancel'}
          </Button>
        </>
      }
    >
      <div className={failed ? 'hidden' : 'relative aspect-[4/3] w-full overflow-hidden rounded-xl bg-ink-900'}>
        <video ref={video} muted playsInline autoPlay aria-label="Camera view" className="absolute inset-0 h-full w-full object-cover" />
        {/* The frame to hold the barcode in; the rest of the picture dimmed around it. */}
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-[8%] top-1/2 h-[42%] -translate-y-1/2 rounded-lg border-2 border-white shadow-[0_0_0_100vmax_rgb(0_0_0/0.4)]"
        />
        {state.phase === 'starting' && (
          <p className="absolute inset-x-0 bottom-3 flex items-center justify-center gap-2 text-sm font-medium text-white">
            <Spinner size="sm" label={null} /> {SCAN_STARTING}
          </p>
        )}
      </div>
      {failed ? (
        <p role="alert" className="flex items-start gap-3 rounded-xl bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200">
          <CameraOff aria-hidden="true" size={20} className="mt-0.5 shrink-0" />
          <span className="min-w-0 break-words">{failed.problem}</span>
        </p>
      ) : (
        <>
          <p className="mt-3 text-sm text-ink-700">{SCAN_HINT}</p>
          <p role="status" className="mt-2 min-w-0 text-sm font-medium break-words text-amber-900 empty:mt-0">
            {state.phase === 'scanning' ? state.notice : null}
          </p>
        </>
      )}
    </Dialog>
  );
}
