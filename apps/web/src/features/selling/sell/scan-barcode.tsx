// "Scan barcode" beside the wizard's ISBN field. The button is all the wizard loads: the dialog with the
// camera (scan-dialog.tsx) comes with the first tap, and the barcode reader with it, so listing a book by
// typing costs nothing more. A read ISBN goes to the field, which then fills the book's details from
// earlier listings as typing it would. Where the browser has no camera API at all there is no button.
import { useState } from 'react';
import { ScanBarcode as ScanBarcodeIcon } from 'lucide-react';
import { MESSAGES } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import type * as scanDialog from './scan-dialog';

export const SCAN_BUTTON = 'Scan barcode';

/**
 * Whether this browser can open a camera: 'insecure' where it could but the page is not on a secure
 * connection (browsers remove the camera API from http:// pages other than localhost), 'none' where it
 * has no camera API at all.
 */
export type CameraSupport = 'available' | 'insecure' | 'none';

export function cameraSupport(): CameraSupport {
  if (typeof navigator.mediaDevices?.getUserMedia === 'function') return 'available';
  return window.isSecureContext === false ? 'insecure' : 'none';
}

type ScanDialogModule = typeof scanDialog;

let dialogModule: Promise<ScanDialogModule> | null = null;

/** The dialog's code, fetched once (and again on the next tap if the connection dropped). */
function loadScanDialog(): Promise<ScanDialogModule> {
  dialogModule ??= import('./scan-dialog').catch((error: unknown) => {
    dialogModule = null;
    throw error;
  });
  return dialogModule;
}

export interface ScanBarcodeProps {
  /** Receives the ISBN-13 (13 digits) read from the barcode. */
  onIsbn: (isbn13: string) => void;
}

export function ScanBarcode({ onIsbn }: ScanBarcodeProps) {
  const [support] = useState(cameraSupport);
  // Kept once loaded, so the dialog stays mounted through its close animation and later openings.
  const [ScanDialog, setScanDialog] = useState<ScanDialogModule['ScanDialog'] | null>(null);
  const [open, setOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  if (support === 'none') return null;

  const start = () => {
    setAnnouncement('');
    if (ScanDialog) return setOpen(true);
    loadScanDialog().then(
      (module) => {
        setScanDialog(() => module.ScanDialog);
        setOpen(true);
      },
      () => setAnnouncement(MESSAGES.scanReaderFailed),
    );
  };

  return (
    <>
      <Button type="button" variant="outline" aria-haspopup="dialog" onClick={start} className="shrink-0">
        <ScanBarcodeIcon aria-hidden="true" size={20} /> {SCAN_BUTTON}
      </Button>
      {/* What happened, for screen readers: the ISBN filled in, or (rarely) the dialog could not be fetched. */}
      <p role="status" className={announcement === MESSAGES.scanReaderFailed ? 'basis-full text-sm text-amber-900' : 'sr-only'}>
        {announcement}
      </p>
      {ScanDialog && (
        <ScanDialog
          open={open}
          support={support}
          onClose={() => setOpen(false)}
          onIsbn={(isbn13) => {
            setOpen(false);
            setAnnouncement(MESSAGES.scanFound);
            onIsbn(isbn13);
          }}
        />
      )}
    </>
  );
}
