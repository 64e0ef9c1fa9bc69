// The part of a page's <head> that describes it (title, meta description, Open Graph and Twitter card
// tags, canonical link): what link previews (WhatsApp, Facebook, X, Slack) and search engines read, since
// they do not run the web app. The web app's index.html is split once, at start-up, around those tags;
// each page's are then written in by joining strings, never by parsing HTML per request. Every value is
// escaped here, in one place (docs/decisions/0032-share-previews.md). The deployment's settings the web
// app shows (settingsTags) are written beside them.
import { SUPPORT_EMAIL_META } from '@reshelf/shared';

/** What one page says about itself. */
export interface PageHead {
  title: string;
  description: string;
  /** Open Graph's title and description, where they differ from the document's (the site's own head). */
  ogTitle?: string;
  ogDescription?: string;
  /** The page's absolute address (og:url). */
  url: string;
  /** Also a <link rel="canonical"> to `url`: the page is about one thing with one address (a listing). */
  canonical?: boolean;
  type: 'website' | 'product';
  /** An absolute image URL, with its size in pixels when known. */
  image?: { url: string; width?: number; height?: number; alt: string };
  /** More Open Graph properties, in this order (a product's price and condition). */
  more?: readonly (readonly [property: string, content: string])[];
}

/** What index.html says about the site, read from its own tags, so the web app's file stays the one source. */
export interface SiteHead {
  title: string;
  description: string;
  ogTitle: string;
  ogDescription: string;
  siteName: string | undefined;
  locale: string | undefined;
  twitterCard: string | undefined;
  /** The site's preview image as index.html names it (a path such as /og-image.png), with its size and text. */
  image: { path: string; width?: number; height?: number; alt: string } | undefined;
}

export interface SplitPage {
  /** index.html up to where the page's own tags go, and from there on, with the site's tags taken out. */
  before: string;
  after: string;
  site: SiteHead;
}

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Text safe inside an element and inside a double- or single-quoted attribute. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** The few entities index.html's attribute values may hold (it is our own file, written by hand). */
const decodeHtml = (text: string) =>
  text.replace(/&(amp|lt|gt|quot|#39|#x27|apos);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", '#x27': "'", apos: "'" })[name]!);

const ATTRIBUTE = /([a-zA-Z:-]+)\s*=\s*"([^"]*)"/g;

function attributes(source: string): Record<string, string> {
  const found: Record<string, string> = {};
  for (const [, name, value] of source.matchAll(ATTRIBUTE)) found[name!.toLowerCase()] = decodeHtml(value!);
  return found;
}

/** Whether a <meta> with this name or property is one of the tags a page writes itself. */
const isPageMeta = (key: string) => key === 'description' || key.startsWith('og:') || key.startsWith('twitter:');

/** Each <title>, <meta> and <link> of the head, with the whitespace before it (taken out with the tag). */
const HEAD_TAG = /\s*(?:<title>([\s\S]*?)<\/title>|<(meta|link)\b([^>]*)>)/gi;

const positive = (value: string | undefined) => {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};

/**
 * Splits index.html around its page-describing tags and reads the site's values from them. A page with
 * none of those tags (the stand-in page of a server without a build) gets them just before </head>.
 */
export function splitPage(html: string): SplitPage {
  const headEnd = html.search(/<\/head>/i);
  const head = headEnd < 0 ? '' : html.slice(0, headEnd);
  const meta = new Map<string, string>();
  let title: string | undefined;
  let kept = '';
  let cursor = 0;
  let insertAt = -1;
  for (const match of head.matchAll(HEAD_TAG)) {
    let ours = false;
    if (match[1] !== undefined) {
      title = decodeHtml(match[1].trim());
      ours = true;
    } else {
      const attrs = attributes(match[3] ?? '');
      if (match[2]!.toLowerCase() === 'meta') {
        const key = attrs.property ?? attrs.name;
        if (key !== undefined && isPageMeta(key)) {
          meta.set(key, attrs.content ?? '');
          ours = true;
        }
      } else if (attrs.rel?.toLowerCase() === 'canonical') {
        ours = true;
      }
    }
    if (!ours) continue;
    kept += html.slice(cursor, match.index);
    if (insertAt < 0) insertAt = kept.length;
    cursor = match.index + match[0].length;
  }
  kept += html.slice(cursor);
  if (insertAt < 0) insertAt = headEnd < 0 ? 0 : headEnd;
  const siteTitle = title ?? 'Reshelf';
  const description = meta.get('description') ?? '';
  const imagePath = meta.get('og:image');
  return {
    before: kept.slice(0, insertAt),
    after: kept.slice(insertAt),
    site: {
      title: siteTitle,
      description,
      ogTitle: meta.get('og:title') ?? siteTitle,
      ogDescription: meta.get('og:description') ?? description,
      siteName: meta.get('og:site_name'),
      locale: meta.get('og:locale'),
      twitterCard: meta.get('twitter:card'),
      image: imagePath
        ? { path: imagePath, width: positive(meta.get('og:image:width')), height: positive(meta.get('og:image:height')), alt: meta.get('og:image:alt') ?? '' }
        : undefined,
    },
  };
}

/** `path` (or an address) as an absolute URL on the public address. */
export const absoluteUrl = (publicUrl: string, path: string) => new URL(path, `${publicUrl}/`).href;

/** The site's own head for a page at `path` (an absolute address made from PUBLIC_URL). */
export function siteHead(site: SiteHead, publicUrl: string, path: string): PageHead {
  return {
    title: site.title,
    description: site.description,
    ogTitle: site.ogTitle,
    ogDescription: site.ogDescription,
    url: absoluteUrl(publicUrl, path),
    type: 'website',
    image: site.image && { url: absoluteUrl(publicUrl, site.image.path), width: site.image.width, height: site.image.height, alt: site.image.alt },
  };
}

const INDENT = '\n    ';
const metaTag = (attribute: 'name' | 'property', key: string, content: string) => `${INDENT}<meta ${attribute}="${key}" content="${escapeHtml(content)}" />`;

/** The deployment's settings the web app reads from the page (its support address), one <meta> each. */
export const settingsTags = (settings: { supportEmail: string }) => metaTag('name', SUPPORT_EMAIL_META, settings.supportEmail);

/** The tags of `head`, every value escaped, for the place splitPage left for them. */
export function renderHead(head: PageHead, site: SiteHead): string {
  let out = `${INDENT}<title>${escapeHtml(head.title)}</title>`;
  out += metaTag('name', 'description', head.description);
  if (head.canonical) out += `${INDENT}<link rel="canonical" href="${escapeHtml(head.url)}" />`;
  out += metaTag('property', 'og:type', head.type);
  if (site.siteName) out += metaTag('property', 'og:site_name', site.siteName);
  if (site.locale) out += metaTag('property', 'og:locale', site.locale);
  out += metaTag('property', 'og:title', head.ogTitle ?? head.title);
  out += metaTag('property', 'og:description', head.ogDescription ?? head.description);
  out += metaTag('property', 'og:url', head.url);
  if (head.image) {
    out += metaTag('property', 'og:image', head.image.url);
    if (head.image.width && head.image.height) {
      out += metaTag('property', 'og:image:width', String(head.image.width));
      out += metaTag('property', 'og:image:height', String(head.image.height));
    }
    out += metaTag('property', 'og:image:alt', head.image.alt);
  }
  for (const [property, content] of head.more ?? []) out += metaTag('property', property, content);
  // A large preview where there is an image to show; the site's own choice otherwise.
  const card = head.image ? 'summary_large_image' : (site.twitterCard ?? 'summary');
  out += metaTag('name', 'twitter:card', card);
  return out;
}
