// The seo module's rules: which public pages have an address of their own (the sitemap lists them), and
// what a shared link to a listing previews: the head of the public book page (/books/:id) for a listing
// anyone may see, built from the listings module's public read (so it follows whatever makes a listing
// public, and its cache), and nothing at all for one they may not: an unknown, pending, declined or hidden
// listing gets the site's own head, exactly as an unknown page does.
import { bookPageDescription, bookPagePath, pageTitle, sharedPhotoAlt, type Book, type Condition } from '@reshelf/shared';
import { AppError } from '../../lib/errors.ts';
import { absoluteUrl, type PageHead } from '../../lib/page-head.ts';

/** The public pages with an address of their own: the sitemap lists them, and each page's og:url names it. */
export const PUBLIC_PAGES = ['/', '/books', '/about', '/team', '/contact', '/terms', '/privacy', '/ai-tutor', '/signup', '/login'] as const;

/** A listing as a visitor who is not signed in sees it; throws the API's 404 when they may not see it. */
export type PublicBookReader = (id: string) => Promise<Book>;

/** Open Graph's product:condition takes new, refurbished or used. */
const productCondition = (condition: Condition) => (condition === 'new' ? 'new' : 'used');

/** The head of a listing's public page: the same title and description the web app gives the page as it runs. */
export function bookPageHead(book: Book, publicUrl: string): PageHead {
  const photo = book.images[0];
  return {
    title: pageTitle(book.title),
    description: bookPageDescription(book),
    url: absoluteUrl(publicUrl, bookPagePath(book.id)),
    canonical: true,
    type: 'product',
    image: photo && { url: absoluteUrl(publicUrl, photo.url), width: photo.width, height: photo.height, alt: sharedPhotoAlt(book.title) },
    more: [
      ['product:price:amount', book.price.toFixed(2)],
      ['product:price:currency', 'ZAR'],
      ['product:condition', productCondition(book.condition)],
      ['product:availability', book.availability === 'available' ? 'in stock' : 'out of stock'],
    ],
  };
}

export function createSeoService(publicUrl: string, publicBook: PublicBookReader) {
  return {
    /** The head of /books/:id, or null when the listing is not public (or does not exist). */
    async bookHead(id: string): Promise<PageHead | null> {
      try {
        return bookPageHead(await publicBook(id), publicUrl);
      } catch (err) {
        if (err instanceof AppError && err.statusCode === 404) return null;
        throw err;
      }
    },
  };
}

export type SeoService = ReturnType<typeof createSeoService>;
