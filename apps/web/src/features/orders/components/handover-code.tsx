// The buyer's handover code, big enough to read across a table, with its QR code. The seller types the
// code (or scans the QR, which opens their own order page with the code filled in) to complete the sale,
// so the buyer shows it only once they have the book. The QR holds the seller's page address with the code
// after '#': a fragment never leaves the seller's phone in a request, so no server log sees it.
// The QR library (uqr: an ES module with no dependencies; the CommonJS `qrcode` made the bundler put its
// interop helpers in a file every page loaded) is loaded on first show, not with the order page.
import { useEffect, useId, useState } from 'react';
import { KeyRound } from 'lucide-react';
import { HANDOVER } from '@reshelf/shared';

/** The QR of `text` as an SVG data address for an <img>, or undefined while the library loads. */
function useQrSvg(text: string): string | undefined {
  const [svg, setSvg] = useState<{ text: string; url: string }>();
  useEffect(() => {
    let current = true;
    void import('uqr').then(({ renderSVG }) => {
      const markup = renderSVG(text, { ecc: 'M', border: 1, blackColor: '#18181b', whiteColor: '#ffffff' });
      if (current) setSvg({ text, url: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(markup)}` });
    });
    return () => {
      current = false;
    };
  }, [text]);
  return svg?.text === text ? svg.url : undefined;
}

/** Where the QR code leads: the seller's page of this order, with the code for the Complete sale form. */
export function sellerCompleteUrl(origin: string, orderId: string, code: string): string {
  return `${origin}/seller/orders/${encodeURIComponent(orderId)}#${HANDOVER.fragment}=${code}`;
}

export interface HandoverCodePanelProps {
  orderId: string;
  code: string;
  sellerName: string;
}

export function HandoverCodePanel({ orderId, code, sellerName }: HandoverCodePanelProps) {
  const titleId = useId();
  const qr = useQrSvg(sellerCompleteUrl(window.location.origin, orderId, code));
  return (
    <section aria-labelledby={titleId} className="rounded-card border-2 border-brand-600 bg-white p-5 shadow-soft sm:p-6">
      <h2 id={titleId} className="flex items-center gap-2 text-lg font-semibold">
        <KeyRound aria-hidden="true" size={20} className="text-brand-700" /> Your handover code
      </h2>
      <p className="mt-2 text-ink-700">
        Once you have checked the book, show this to {sellerName}. They enter it, or scan the QR code, to complete the sale.
      </p>
      {/* Side by side where the panel is wide enough, else the QR code under the digits. */}
      <div className="mt-4 flex flex-wrap items-center justify-center gap-x-8 gap-y-4">
        <p className="font-mono text-4xl font-bold whitespace-nowrap text-ink-900 tabular-nums" data-testid="handover-code">
          <span aria-hidden="true" className="tracking-[0.15em]">
            {code.slice(0, 3)} {code.slice(3)}
          </span>
          <span className="sr-only">{code.split('').join(' ')}</span>
        </p>
        {qr ? (
          <img src={qr} width={176} height={176} alt={`QR code of the handover code, for ${sellerName} to scan`} className="h-44 w-44 rounded-lg border border-ink-200" />
        ) : (
          <div role="status" aria-label="Loading the QR code" className="h-44 w-44 animate-pulse rounded-lg bg-ink-100" />
        )}
      </div>
      <p className="mt-4 text-sm text-ink-600">Keep it to yourself until then: whoever has the code can complete the sale.</p>
    </section>
  );
}
