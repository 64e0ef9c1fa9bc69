// Reading a book's ISBN from its barcode with the phone's camera, for the sell wizard's "Scan barcode"
// (scan-dialog.tsx, loaded on the first tap): the camera (the rear one where there is a choice), a
// barcode reader (the browser's own BarcodeDetector where it reads EAN-13, otherwise ZXing compiled to
// WebAssembly, fetched only now) and what a barcode that was read means for the ISBN field.
import { MESSAGES, toIsbn13 } from '@reshelf/shared';

/** One barcode a reader found, as the Barcode Detection API describes it. */
export interface DetectedBarcode {
  rawValue: string;
  format: string;
}

/** The part of the Barcode Detection API the scanner uses (TypeScript's DOM types do not have it yet). */
export interface BarcodeReader {
  detect(source: HTMLVideoElement): Promise<DetectedBarcode[]>;
}

interface BarcodeDetectorClass {
  new (options: { formats: string[] }): BarcodeReader;
  getSupportedFormats(): Promise<string[]>;
}

/**
 * What the reader looks for. An ISBN's barcode is an EAN-13 ("Bookland", starting 978 or 979); the others
 * are the codes a seller may point at by mistake (a shop's product code, a QR code on the cover), read
 * only so the scanner can say they are not an ISBN instead of staying silent.
 */
export const SCAN_FORMATS = ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'code_128'];

/** The camera's video, from the rear camera where the device has one (a laptop's only camera otherwise). */
export function openCamera(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
  });
}

/** Ends every track of the stream: the camera's light goes off and another app may use it. */
export function stopCamera(stream: MediaStream): void {
  for (const track of stream.getTracks()) track.stop();
}

/** Why the camera did not open, in the seller's words, from getUserMedia's error. */
export function cameraProblem(error: unknown): string {
  const name = typeof error === 'object' && error !== null && 'name' in error ? String(error.name) : '';
  switch (name) {
    // SecurityError: camera use is switched off for the page (a permissions policy, the browser's settings).
    case 'NotAllowedError':
    case 'SecurityError':
      return MESSAGES.scanCameraDenied;
    case 'NotFoundError':
    case 'OverconstrainedError':
      return MESSAGES.scanNoCamera;
    // The device exists and access was granted, but the camera could not be started: another app holds it.
    case 'NotReadableError':
      return MESSAGES.scanCameraInUse;
    default:
      return MESSAGES.scanCameraFailed;
  }
}

/**
 * A reader for the scanner: the browser's own BarcodeDetector when it reads EAN-13 (Chrome on Android,
 * Safari on macOS), else the ZXing WebAssembly reader, whose code and .wasm file are only fetched now.
 */
export async function createBarcodeReader(): Promise<BarcodeReader> {
  const Native = (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;
  if (Native) {
    // Desktop Chrome on Linux and Windows has the class but no formats at all.
    const supported = await Native.getSupportedFormats().catch(() => [] as string[]);
    if (supported.includes('ean_13')) return new Native({ formats: SCAN_FORMATS.filter((format) => supported.includes(format)) });
  }
  const { zxingReader } = await import('./zxing-reader');
  return zxingReader(SCAN_FORMATS);
}

/** What the barcodes read in one frame mean: an ISBN to fill in, or why none of them is one. */
export type ScanReading = { isbn13: string } | { problem: string };

/** An ISBN's barcode is an EAN-13; some readers append the 5-digit price add-on printed beside it. */
const EAN13_WITH_ADD_ON = /^(\d{13})(?:\s?\d{2}|\s?\d{5})?$/;
/** The add-on alone (2 or 5 digits): a price, or an issue number. */
const ADD_ON = /^\d{2}$|^\d{5}$/;

function isbnOf(barcode: DetectedBarcode): string | null {
  if (barcode.format !== 'ean_13') return null;
  const digits = EAN13_WITH_ADD_ON.exec(barcode.rawValue.trim())?.[1];
  return digits ? toIsbn13(digits) : null;
}

function problemOf(barcode: DetectedBarcode): string {
  const value = barcode.rawValue.trim();
  if (ADD_ON.test(value)) return MESSAGES.scanPriceCode;
  // An EAN-13 outside 978/979 is another kind of product's code (the reader has checked its check digit).
  if (barcode.format === 'ean_13' && !/^97[89]/.test(value)) return MESSAGES.scanNotBook;
  return MESSAGES.scanNotIsbn;
}

/** The first ISBN among the barcodes, else why the first one is not an ISBN; null when nothing was read. */
export function readingOf(barcodes: readonly DetectedBarcode[]): ScanReading | null {
  const first = barcodes[0];
  if (!first) return null;
  for (const barcode of barcodes) {
    const isbn13 = isbnOf(barcode);
    if (isbn13) return { isbn13 };
  }
  return { problem: problemOf(first) };
}
