// Sharing a listing from its page: Share on WhatsApp (wa.me with the title, the price and the address),
// Copy link (the clipboard, else the browser's copy command, else the link in a box to copy by hand) and,
// where the browser has one, the phone's own share sheet (Web Share API). The address is always the
// public /books/:id, also from the buyer's area, so whoever receives it can open it; the server sends
// that page with the listing's preview (title, photo, price) for WhatsApp to show. While the page is open
// its canonical link names the same address, which browsers' own Share menus use.
import { useEffect, useId, useRef, useState } from 'react';
import { Link2, MessageCircle, Share2 } from 'lucide-react';
import { SHARE_MESSAGES, bookPagePath, formatRand, type Book } from '@reshelf/shared';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../components/ui/toast';

/** The listing's public address on this site. */
export const bookShareUrl = (id: string) => new URL(bookPagePath(id), window.location.origin).href;

/** What a shared listing says beside its address: 'Calculus for R 450,50 on Reshelf'. */
export const shareText = (book: Pick<Book, 'title' | 'price'>) => `${book.title} for ${formatRand(book.price)} on Reshelf`;

/** A WhatsApp link that opens a chat picker with the text and the address typed in. */
export const whatsAppShareUrl = (book: Pick<Book, 'id' | 'title' | 'price'>) =>
  `https://wa.me/?text=${encodeURIComponent(`${shareText(book)}: ${bookShareUrl(book.id)}`)}`;

/** Copies `text`: the Clipboard API, else the copy command on a selected field (older browsers, http pages). */
async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Refused (no permission, the page not focused): the copy command may still work.
  }
  const focused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const field = document.createElement('textarea');
  field.value = text;
  field.readOnly = true;
  field.className = 'fixed top-0 left-0 h-px w-px opacity-0';
  document.body.append(field);
  field.focus();
  field.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    field.remove();
    focused?.focus();
  }
}

/** Keeps the page's canonical link on `href` while mounted; the other pages have none. */
function useCanonicalLink(href: string) {
  useEffect(() => {
    // The one the server sent with a listing's page, or a new one after moving here within the app.
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="canonical"]') ?? document.createElement('link');
    link.rel = 'canonical';
    link.href = href;
    if (!link.isConnected) document.head.append(link);
    return () => link.remove();
  }, [href]);
}

export function ShareListing({ book }: { book: Book }) {
  const headingId = useId();
  const url = bookShareUrl(book.id);
  const [manualCopy, setManualCopy] = useState(false);
  // Each announcement is a new node, so a second copy is read out again.
  const [announcement, setAnnouncement] = useState({ text: '', n: 0 });
  const manualField = useRef<HTMLInputElement>(null);
  const sharing = useRef(false);
  const canShare = typeof navigator.share === 'function';
  useCanonicalLink(url);

  // The box to copy by hand takes the focus, its text selected, when it appears after a failed copy.
  useEffect(() => {
    if (manualCopy) manualField.current?.focus();
  }, [manualCopy]);

  const onCopy = async () => {
    if (await copyText(url)) {
      setManualCopy(false);
      toast.success(SHARE_MESSAGES.linkCopied);
      setAnnouncement((a) => ({ text: SHARE_MESSAGES.linkCopied, n: a.n + 1 }));
    } else {
      setManualCopy(true);
      toast.error(SHARE_MESSAGES.copyFailed);
      setAnnouncement((a) => ({ text: SHARE_MESSAGES.copyFailed, n: a.n + 1 }));
      manualField.current?.focus();
    }
  };

  const onShare = async () => {
    // The share sheet allows one share at a time: a second tap while it opens would only fail.
    if (sharing.current) return;
    sharing.current = true;
    try {
      await navigator.share({ title: book.title, text: shareText(book), url });
    } catch (error) {
      // Closing the sheet without choosing is not a failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) toast.error(SHARE_MESSAGES.shareFailed);
    } finally {
      sharing.current = false;
    }
  };

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h2 id={headingId} className="text-sm font-semibold text-ink-700">
        Share this book
      </h2>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button asChild variant="outline" size="sm">
          <a href={whatsAppShareUrl(book)} target="_blank" rel="noopener noreferrer">
            <MessageCircle aria-hidden="true" size={16} /> Share on WhatsApp{' '}
            <span className="sr-only">(opens in a new tab)</span>
          </a>
        </Button>
        <Button variant="outline" size="sm" onClick={() => void onCopy()}>
          <Link2 aria-hidden="true" size={16} /> Copy link
        </Button>
        {canShare && (
          <Button variant="outline" size="sm" onClick={() => void onShare()}>
            <Share2 aria-hidden="true" size={16} /> Share…
          </Button>
        )}
      </div>
      {manualCopy && (
        <label className="mt-3 block text-sm text-ink-700">
          Link to this book
          <input
            ref={manualField}
            readOnly
            value={url}
            onFocus={(event) => event.currentTarget.select()}
            className="mt-1 block w-full min-w-0 rounded-lg border border-ink-300 bg-white px-3 py-2 text-sm text-ink-900"
          />
        </label>
      )}
      <p role="status" className="sr-only">
        {announcement.text && <span key={announcement.n}>{announcement.text}</span>}
      </p>
    </section>
  );
}
