/**
 * A redirect target from the query string is followed only when it is a path on this site
 * ("/dashboard/…"), never another origin ("//evil.example", "https://…", "/\\evil").
 */
export function safeRedirectPath(value: string | null | undefined): string | null {
  if (!value) return null;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return null;
  return value;
}

/** The current location as a redirect target. */
export function currentPath(url: URL | Location): string {
  return `${url.pathname}${url.search}${url.hash}`;
}

export function loginPathWithRedirect(redirectPath: string, extra?: Record<string, string>): string {
  const params = new URLSearchParams(extra);
  if (redirectPath && redirectPath !== '/') params.set('redirectPath', redirectPath);
  const search = params.toString();
  return search ? `/login?${search}` : '/login';
}
