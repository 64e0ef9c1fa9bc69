// The sell wizard's "Scan barcode": the camera opens in the modal dialog (rear camera asked for), a read
// ISBN closes it, fills the field and brings the book's details from earlier listings as typing would;
// barcodes that are not an ISBN, and every way the camera can fail, say so in the dialog's exact words;
// the camera's tracks end when the dialog closes (Escape, Cancel, a read ISBN), when the camera arrives
// after the dialog has closed, and when the seller leaves the page; focus returns to the button; and the
// button is there only where the browser has a camera API (typing works everywhere).
//
// The browser's boundaries are what the test stands in for: getUserMedia (a stream whose tracks record
// stop()), the Barcode Detection API (a BarcodeDetector reporting what the test puts before the camera),
// and HTMLMediaElement.play, which jsdom does not implement. The API answers through MSW.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@reshelf/shared';
import { toast } from '../src/components/ui/toast';
import { readingOf, type DetectedBarcode } from '../src/features/selling/sell/barcode-scan';
import { PREFILL_NOTE } from '../src/features/selling/sell/edition-help';
import { SCAN_BUTTON } from '../src/features/selling/sell/scan-barcode';
import { SCAN_HINT, SCAN_TITLE } from '../src/features/selling/sell/scan-dialog';
import { SellPage } from '../src/features/selling/sell/sell-page';
import { SAMPLE_ISBN13, editionWith } from './edition-fixtures';
import { json, mockApi, renderPage } from './selling-helpers';

/** A camera track: live until stopped. */
class CameraTrack {
  readonly kind = 'video';
  readyState: 'live' | 'ended' = 'live';
  stop() {
    this.readyState = 'ended';
  }
}

/** Every stream getUserMedia handed out in this test, with its tracks. */
let streams: { tracks: CameraTrack[] }[] = [];

function cameraStream(): MediaStream {
  const tracks = [new CameraTrack()];
  streams.push({ tracks });
  return { getTracks: () => tracks } as unknown as MediaStream;
}

const liveTracks = () => streams.flatMap((stream) => stream.tracks).filter((track) => track.readyState === 'live');

/** Installs getUserMedia answering with `open` (a stream by default). */
function installCamera(open: () => Promise<MediaStream> = async () => cameraStream()) {
  const getUserMedia = vi.fn(open);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia } });
  return getUserMedia;
}

const domError = (name: string) => new DOMException('camera', name);

/** What is in front of the camera: what the BarcodeDetector reports on every look. */
let inView: DetectedBarcode[] = [];

class ShopBarcodeDetector {
  static created: { formats: string[] }[] = [];
  static async getSupportedFormats() {
    return ['aztec', 'code_128', 'ean_13', 'ean_8', 'qr_code', 'upc_a', 'upc_e'];
  }
  constructor(options: { formats: string[] }) {
    ShopBarcodeDetector.created.push(options);
  }
  async detect() {
    return inView;
  }
}

const isbnBarcode = (rawValue = SAMPLE_ISBN13): DetectedBarcode => ({ format: 'ean_13', rawValue });

beforeEach(() => {
  streams = [];
  inView = [];
  ShopBarcodeDetector.created = [];
  vi.stubGlobal('BarcodeDetector', ShopBarcodeDetector);
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  mockApi((call) => (call.method === 'GET' && call.path === `/editions/${SAMPLE_ISBN13}` ? json(200, { edition: editionWith() }) : undefined));
});

afterEach(() => {
  toast.dismiss();
  vi.unstubAllGlobals();
  delete (navigator as { mediaDevices?: unknown }).mediaDevices;
  delete (window as { isSecureContext?: boolean }).isSecureContext;
});

function renderWizard() {
  return renderPage(<SellPage />, { path: '/seller/sell' });
}

const scanDialog = () => screen.findByRole('dialog', { name: SCAN_TITLE });

async function openScanner(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: SCAN_BUTTON }));
  return scanDialog();
}

describe('scanning an ISBN', () => {
  it('fills the ISBN, brings the details from earlier listings, closes and stops the camera, focus back on the button', async () => {
    const user = userEvent.setup();
    const getUserMedia = installCamera();
    renderWizard();
    const dialog = await openScanner(user);
    expect(within(dialog).getByText(SCAN_HINT)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Camera view').tagName).toBe('VIDEO');
    expect(getUserMedia).toHaveBeenCalledWith({
      audio: false,
      video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    });
    // The browser's own detector, asked for what it supports of the scanner's formats.
    await waitFor(() => expect(ShopBarcodeDetector.created).toEqual([{ formats: ['ean_13', 'ean_8', 'upc_a', 'upc_e', 'qr_code', 'code_128'] }]));
    await waitFor(() => expect(liveTracks()).toHaveLength(1));

    inView = [isbnBarcode()];
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SCAN_TITLE })).not.toBeInTheDocument());
    expect(screen.getByLabelText(/^ISBN/)).toHaveValue(SAMPLE_ISBN13);
    expect(await screen.findByText(PREFILL_NOTE)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Title/)).toHaveValue('Calculus: Early Transcendentals');
    expect(screen.getByLabelText(/^Author/)).toHaveValue('James Stewart');
    expect(screen.getByLabelText(/^Publisher/)).toHaveValue('Cengage');
    expect(screen.getByLabelText(/^Publication Year/)).toHaveValue('2020');
    expect(screen.getByLabelText(/^Edition/)).toHaveValue('9th Edition');
    expect(screen.getByText(MESSAGES.scanFound)).toBeInTheDocument();
    expect(streams).toHaveLength(1);
    expect(liveTracks()).toEqual([]);
    expect(screen.getByRole('button', { name: SCAN_BUTTON })).toHaveFocus();
  });

  it("says so when a barcode is not a book's ISBN and keeps looking; Escape closes, stops the camera, focus back on the button", async () => {
    const user = userEvent.setup();
    installCamera();
    renderWizard();
    const dialog = await openScanner(user);

    inView = [{ format: 'ean_13', rawValue: '6001087357215' }];
    expect(await within(dialog).findByText(MESSAGES.scanNotBook)).toBeInTheDocument();
    inView = [{ format: 'unknown', rawValue: '52499' }];
    expect(await within(dialog).findByText(MESSAGES.scanPriceCode)).toBeInTheDocument();
    inView = [{ format: 'qr_code', rawValue: 'https://publisher.example/calculus' }];
    expect(await within(dialog).findByText(MESSAGES.scanNotIsbn)).toBeInTheDocument();
    expect(within(dialog).queryByText(MESSAGES.scanNotBook)).not.toBeInTheDocument();
    expect(liveTracks()).toHaveLength(1);

    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SCAN_TITLE })).not.toBeInTheDocument());
    expect(liveTracks()).toEqual([]);
    expect(screen.getByLabelText(/^ISBN/)).toHaveValue('');
    expect(screen.getByRole('button', { name: SCAN_BUTTON })).toHaveFocus();
  });

  it('Cancel closes and stops the camera; opening again starts a new one', async () => {
    const user = userEvent.setup();
    installCamera();
    renderWizard();
    let dialog = await openScanner(user);
    await waitFor(() => expect(liveTracks()).toHaveLength(1));
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(liveTracks()).toEqual([]);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SCAN_TITLE })).not.toBeInTheDocument());

    dialog = await openScanner(user);
    await waitFor(() => expect(streams).toHaveLength(2));
    expect(liveTracks()).toHaveLength(1);
    inView = [isbnBarcode()];
    await waitFor(() => expect(screen.getByLabelText(/^ISBN/)).toHaveValue(SAMPLE_ISBN13));
    expect(liveTracks()).toEqual([]);
  });

  it('a camera that arrives after the dialog has closed is stopped at once', async () => {
    const user = userEvent.setup();
    let grant: (stream: MediaStream) => void = () => {};
    installCamera(() => new Promise<MediaStream>((resolve) => (grant = resolve)));
    renderWizard();
    await openScanner(user);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SCAN_TITLE })).not.toBeInTheDocument());
    // The seller answers the browser's camera prompt only now.
    grant(cameraStream());
    await waitFor(() => expect(streams[0]?.tracks[0]?.readyState).toBe('ended'));
    expect(liveTracks()).toEqual([]);
  });

  it('leaving the page while scanning stops the camera', async () => {
    const user = userEvent.setup();
    installCamera();
    const { router } = renderWizard();
    await openScanner(user);
    await waitFor(() => expect(liveTracks()).toHaveLength(1));
    await router.navigate('/seller/books');
    expect(await screen.findByText('Other page')).toBeInTheDocument();
    expect(liveTracks()).toEqual([]);
  });
});

describe('when the camera cannot be used', () => {
  it.each([
    ['NotAllowedError', MESSAGES.scanCameraDenied],
    ['SecurityError', MESSAGES.scanCameraDenied],
    ['NotFoundError', MESSAGES.scanNoCamera],
    ['NotReadableError', MESSAGES.scanCameraInUse],
    ['AbortError', MESSAGES.scanCameraFailed],
  ])('%s: says why and offers Try again', async (name, message) => {
    const user = userEvent.setup();
    const getUserMedia = installCamera(async () => {
      throw domError(name);
    });
    renderWizard();
    const dialog = await openScanner(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
    expect(within(dialog).queryByText(SCAN_HINT)).not.toBeInTheDocument();

    // The seller fixes it (allows the camera, closes the other app) and tries again.
    getUserMedia.mockImplementation(async () => cameraStream());
    await user.click(within(dialog).getByRole('button', { name: 'Try again' }));
    expect(await within(dialog).findByText(SCAN_HINT)).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    inView = [isbnBarcode()];
    await waitFor(() => expect(screen.getByLabelText(/^ISBN/)).toHaveValue(SAMPLE_ISBN13));
    expect(getUserMedia).toHaveBeenCalledTimes(2);
    expect(liveTracks()).toEqual([]);
  });

  it('"Type the ISBN" closes the dialog and leaves the field to type in', async () => {
    const user = userEvent.setup();
    installCamera(async () => {
      throw domError('NotAllowedError');
    });
    renderWizard();
    const dialog = await openScanner(user);
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Type the ISBN' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: SCAN_TITLE })).not.toBeInTheDocument());
    await user.click(screen.getByLabelText(/^ISBN/));
    await user.paste(SAMPLE_ISBN13);
    expect(await screen.findByText(PREFILL_NOTE)).toBeInTheDocument();
  });

  it('a reader that cannot be started says so and lets go of the camera', async () => {
    const user = userEvent.setup();
    installCamera();
    vi.stubGlobal(
      'BarcodeDetector',
      class extends ShopBarcodeDetector {
        constructor(options: { formats: string[] }) {
          super(options);
          throw new DOMException('Barcode detection service unavailable.', 'NotSupportedError');
        }
      },
    );
    renderWizard();
    const dialog = await openScanner(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.scanReaderFailed);
    expect(streams).toHaveLength(1);
    expect(liveTracks()).toEqual([]);
    expect(within(dialog).getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('on an insecure (http) address: the button is there and says the camera needs https, with nothing to retry', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: false });
    renderWizard();
    const dialog = await openScanner(user);
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.scanInsecure);
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });

  it('with no camera API at all there is no button, and the ISBN is typed', async () => {
    const user = userEvent.setup();
    Object.defineProperty(window, 'isSecureContext', { configurable: true, value: true });
    renderWizard();
    const isbn = await screen.findByLabelText(/^ISBN/);
    expect(screen.queryByRole('button', { name: SCAN_BUTTON })).not.toBeInTheDocument();
    await user.click(isbn);
    await user.paste(SAMPLE_ISBN13);
    expect(await screen.findByText(PREFILL_NOTE)).toBeInTheDocument();
  });
});

describe('what a read barcode means', () => {
  it.each<[string, DetectedBarcode[], ReturnType<typeof readingOf>]>([
    ['nothing read', [], null],
    ['an ISBN-13 (978)', [isbnBarcode('9780131103627')], { isbn13: '9780131103627' }],
    ['an ISBN-13 (979)', [isbnBarcode('9791032305690')], { isbn13: '9791032305690' }],
    ['an ISBN with its price add-on', [isbnBarcode('9780131103627 52499')], { isbn13: '9780131103627' }],
    ['the ISBN beside the price code', [{ format: 'unknown', rawValue: '52499' }, isbnBarcode('9780131103627')], { isbn13: '9780131103627' }],
    ['the price code alone', [{ format: 'unknown', rawValue: '52499' }], { problem: MESSAGES.scanPriceCode }],
    ["a shop's product code", [{ format: 'ean_13', rawValue: '6001087357215' }], { problem: MESSAGES.scanNotBook }],
    ['a magazine (977, ISSN)', [{ format: 'ean_13', rawValue: '9771234567003' }], { problem: MESSAGES.scanNotBook }],
    ['a UPC-A product code', [{ format: 'upc_a', rawValue: '036000291452' }], { problem: MESSAGES.scanNotIsbn }],
    ['a QR code', [{ format: 'qr_code', rawValue: '9780131103627' }], { problem: MESSAGES.scanNotIsbn }],
  ])('%s', (_name, barcodes, reading) => {
    expect(readingOf(barcodes)).toEqual(reading);
  });
});
