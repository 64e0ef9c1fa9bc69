// The barcode reader for browsers without their own: ZXing-C++ compiled to WebAssembly behind the
// Barcode Detection API (the barcode-detector package). Only barcode-scan.ts imports it, and only when a
// seller taps "Scan barcode", so no page's first load carries it.
//
// The .wasm file is one of the build's own hashed assets, served by Reshelf's server like every script
// (decision 0027): left alone, the package would fetch it from a CDN the moment it first reads.
import { BarcodeDetector, prepareZXingModule, purgeZXingModule, type BarcodeFormat } from 'barcode-detector/ponyfill';
// The same zxing-wasm version barcode-detector depends on (both pinned exactly in package.json).
import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { BarcodeReader } from './barcode-scan';

/** One object for every call: the package compiles the module again whenever the overrides differ. */
const overrides = { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) };

/** The reader for these formats, once its WebAssembly is fetched and compiled (rejects when it cannot be). */
export async function zxingReader(formats: string[]): Promise<BarcodeReader> {
  try {
    await prepareZXingModule({ overrides, fireImmediately: true });
  } catch (error) {
    // The package keeps the failed attempt; forget it so the next tap fetches the file again.
    purgeZXingModule();
    throw error;
  }
  return new BarcodeDetector({ formats: formats as BarcodeFormat[] });
}
