import { readPageData } from './page-data';

/**
 * Whether this portal is a demo (the server's DEMO_MODE, written into the page with the brand): cards go to a
 * sandbox and nothing is charged. Read once from the page, so the banner is there at first paint.
 */
let demo: boolean | undefined;

export function isDemoPortal(): boolean {
  if (demo === undefined) {
    demo = readPageData().demo === true;
  }
  return demo;
}

/** For tests: read the page again. */
export function forgetDemoFlag(): void {
  demo = undefined;
}
