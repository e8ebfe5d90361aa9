/**
 * Debian's chromium and the flags this machine needs (no sandbox as root, no network chatter):
 * one list for Playwright, the Lighthouse spec and the benchmark's Lighthouse part.
 */
export const chromiumPath = process.env.CHROMIUM_PATH ?? process.env.CHROME_PATH ?? '/usr/bin/chromium';
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];
/** The same flags for Lighthouse's own chromium launch (headless). */
export const lighthouseChromeFlags = ['--headless=new', ...chromiumArgs].join(' ');
