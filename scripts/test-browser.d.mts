export const HEADLESS_SHELL: string;
export function testBrowserPath(): string;
