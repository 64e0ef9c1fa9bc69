export const HEADLESS_SHELL: string;
export const FULL_CHROMIUM: string;
export function testBrowserPath(): string;
