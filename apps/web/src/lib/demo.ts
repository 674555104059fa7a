/**
 * Whether this portal is a demo (the server's DEMO_MODE, written into the page with the brand): cards go to a
 * sandbox and nothing is charged. Read once from the page, so the banner is there at first paint.
 */
let demo: boolean | undefined;

export function isDemoPortal(): boolean {
  if (demo === undefined) {
    try {
      const text = document.getElementById('portal-brand')?.textContent;
      demo = text ? (JSON.parse(text) as { demo?: unknown }).demo === true : false;
    } catch {
      demo = false;
    }
  }
  return demo;
}

/** For tests: read the page again. */
export function forgetDemoFlag(): void {
  demo = undefined;
}
