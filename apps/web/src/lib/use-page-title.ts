// Sets the document title and meta description of the current page (for tabs, history and search results).
import { useEffect } from 'react';
import { pageTitle } from '@reshelf/shared';

const HOME_TITLE = 'Reshelf — Second-hand textbooks for SA students';
const DEFAULT_DESCRIPTION =
  'Reshelf is the trusted marketplace where South African university students buy and sell second-hand textbooks, meet on campus and save up to 70%.';

/** `title` null means the home page, which carries the full site title. */
function fullTitle(title: string | null): string {
  return title ? pageTitle(title) : HOME_TITLE;
}

function setMeta(selector: string, attribute: 'name' | 'property', key: string, content: string) {
  let meta = document.head.querySelector<HTMLMetaElement>(selector);
  if (!meta) {
    meta = document.createElement('meta');
    meta.setAttribute(attribute, key);
    document.head.appendChild(meta);
  }
  meta.content = content;
}

export function usePageTitle(title: string | null, description: string = DEFAULT_DESCRIPTION): void {
  useEffect(() => {
    const text = fullTitle(title);
    document.title = text;
    setMeta('meta[name="description"]', 'name', 'description', description);
    setMeta('meta[property="og:title"]', 'property', 'og:title', text);
    setMeta('meta[property="og:description"]', 'property', 'og:description', description);
  }, [title, description]);
}
