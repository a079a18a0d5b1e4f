import { chromium, type Browser } from 'playwright-core'

/** Debian's chromium, headless, with the flags these machines need: nothing can download a browser. */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch(chromiumLaunchOptions)
}
