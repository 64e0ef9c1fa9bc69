// index.html paints the app's loading frame (the bar with the logo, a page skeleton) before any script
// runs, so a phone on a slow connection shows Reshelf at once instead of a white page while the app's
// code downloads (docs/performance.md, Fix 9). React replaces it with the same frame when it starts.
import fs from 'node:fs';
import path from 'node:path';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { RootHydrateFallback } from '../src/app/layouts/root-layout';

const indexHtml = fs.readFileSync(path.join(__dirname, '..', 'index.html'), 'utf8');

/** The markup as the browser reads it, without comments or the whitespace between tags. */
function normalise(html: string): string {
  const template = document.createElement('template');
  template.innerHTML = html.replace(/<!--[\s\S]*?-->/g, '').replace(/>\s+</g, '><').trim();
  return template.innerHTML;
}

describe('first paint', () => {
  it("index.html's #root holds exactly the frame React shows while the first page loads", () => {
    const root = new DOMParser().parseFromString(indexHtml, 'text/html').getElementById('root');
    expect(root).not.toBeNull();
    // React's server renderer adds a preload for the logo; in the page the image itself is in the HTML.
    const frame = renderToStaticMarkup(<RootHydrateFallback />).replace(/<link rel="preload"[^>]*>/g, '');
    expect(normalise(root!.innerHTML)).toBe(normalise(frame));
  });
});
