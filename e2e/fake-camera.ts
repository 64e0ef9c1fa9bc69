// A camera for the browser tests: Chromium's fake capture device plays a video file in place of a real
// camera (--use-file-for-fake-video-capture). The file is made here, by the test, from a barcode drawn
// from the EAN-13 encoding tables, so nothing binary is kept in the repository and any number can be
// filmed. Y4M is the simplest format Chromium reads: a text header, then raw YUV 4:2:0 frames.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { isbn13CheckDigit } from '@reshelf/shared';

/** The left-hand digits' "L" (odd parity) patterns; "G" is R reversed, and R is L with bars and spaces swapped. */
const L_CODES = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011'];
const R_CODES = L_CODES.map((code) => [...code].map((bit) => (bit === '1' ? '0' : '1')).join(''));
const G_CODES = R_CODES.map((code) => [...code].reverse().join(''));
/** The first digit is not drawn: it is the pattern of L and G among the next six. */
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL'];

/** A number's EAN-13 as 95 modules, true for a bar: guard, six digits, centre guard, six digits, guard. */
export function ean13Modules(digits: string): boolean[] {
  if (!/^\d{13}$/.test(digits) || isbn13CheckDigit(digits.slice(0, 12)) !== digits[12]) throw new Error(`not an EAN-13 with its check digit: ${digits}`);
  const d = [...digits].map(Number);
  const parity = PARITY[d[0]!]!;
  let bits = '101';
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L_CODES : G_CODES)[d[i]!];
  bits += '01010';
  for (let i = 7; i <= 12; i++) bits += R_CODES[d[i]!];
  bits += '101';
  return [...bits].map((bit) => bit === '1');
}

export interface Frame {
  width: number;
  height: number;
  /** Luma, one byte a pixel, row by row. */
  luma: Uint8Array;
}

/** A 640×480 picture of a barcode on a white label on a grey book cover, bars 4 px a module. */
export function barcodeFrame(digits: string): Frame {
  const width = 640;
  const height = 480;
  const module = 4;
  const modules = ean13Modules(digits);
  // Quiet zones of 11 modules before and 7 after, as the standard asks, and a margin above and below.
  const labelWidth = (11 + modules.length + 7) * module;
  const labelHeight = 280;
  const left = Math.floor((width - labelWidth) / 2);
  const top = Math.floor((height - labelHeight) / 2);
  const barsTop = top + 30;
  const barsBottom = top + labelHeight - 30;
  const luma = new Uint8Array(width * height).fill(110);
  for (let y = top; y < top + labelHeight; y++) luma.fill(235, y * width + left, y * width + left + labelWidth);
  modules.forEach((bar, index) => {
    if (!bar) return;
    const x = left + (11 + index) * module;
    for (let y = barsTop; y < barsBottom; y++) luma.fill(16, y * width + x, y * width + x + module);
  });
  return { width, height, luma };
}

/** The frame as RGBA pixels (grey), the way a decoder reads a canvas. */
export function rgba(frame: Frame): Uint8ClampedArray {
  const pixels = new Uint8ClampedArray(frame.width * frame.height * 4);
  frame.luma.forEach((value, i) => pixels.set([value, value, value, 255], i * 4));
  return pixels;
}

/** Writes `frame` as a Y4M video of `count` identical frames (Chromium plays it in a loop) and returns its path. */
export function writeY4m(name: string, frame: Frame, count = 10): string {
  const file = path.join(os.tmpdir(), `reshelf-e2e-camera-${name}.y4m`);
  const chroma = Buffer.alloc((frame.width / 2) * (frame.height / 2), 128);
  const frameBytes = Buffer.concat([Buffer.from('FRAME\n'), Buffer.from(frame.luma), chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${frame.width} H${frame.height} F10:1 Ip A1:1 C420jpeg\n`);
  fs.writeFileSync(file, Buffer.concat([header, ...Array.from({ length: count }, () => frameBytes)]));
  // Gone with the process that made it (its browser has closed by then), so runs do not fill the disk.
  process.once('exit', () => fs.rmSync(file, { force: true }));
  return file;
}

/** Chromium's switches for a camera that films `file`, answering the permission prompt with Allow. */
export const fakeCameraArgs = (file: string) => ['--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${file}`];

/**
 * For a spec's top-level test.use: the project's Chromium (its own launch options kept) with a camera
 * filming `file`. Launch options belong to the worker, so one spec file has one camera.
 */
export const withCamera = (file: string) =>
  ({
    launchOptions: [
      async ({ launchOptions }: { launchOptions: { args?: string[] } }, use: (options: object) => Promise<void>) =>
        use({ ...launchOptions, args: [...(launchOptions.args ?? []), ...fakeCameraArgs(file)] }),
      { scope: 'worker' },
    ],
  }) as never;

/**
 * Keeps every camera stream the page opens, to read its tracks' state (call before the page loads). It
 * wraps getUserMedia to keep what it returns; what the page does with the camera is unchanged.
 */
export async function watchCameraStreams(page: Page) {
  await page.addInitScript(() => {
    const streams: MediaStream[] = [];
    (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams = streams;
    const getUserMedia = navigator.mediaDevices.getUserMedia.bind(navigator.mediaDevices);
    navigator.mediaDevices.getUserMedia = async (constraints) => {
      const stream = await getUserMedia(constraints);
      streams.push(stream);
      return stream;
    };
  });
  return {
    /** How many streams the page has opened. */
    opened: () => page.evaluate(() => (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.length),
    /** How many of their tracks are still live (not stopped). */
    live: () =>
      page.evaluate(
        () =>
          (window as unknown as { cameraStreams: MediaStream[] }).cameraStreams.flatMap((stream) => stream.getTracks()).filter((track) => track.readyState === 'live')
            .length,
      ),
  };
}
