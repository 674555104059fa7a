/**
 * A short, readable name for the browser or app that signed in ("Chrome on macOS"), from its User-Agent
 * header, for the account's session list. Unknown agents keep a shortened raw form; none gives null.
 */
export function deviceName(userAgent: string | undefined): string | null {
  const ua = userAgent?.trim();
  if (!ua) return null;
  const browser = [
    [/Edg(e|A|iOS)?\//, 'Edge'],
    [/OPR\//, 'Opera'],
    [/Firefox\/|FxiOS\//, 'Firefox'],
    [/Chrome\/|CriOS\/|Chromium\//, 'Chrome'],
    [/Version\/[\d.]+.*Safari\//, 'Safari'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  const system = [
    [/iPhone/, 'iPhone'],
    [/iPad/, 'iPad'],
    [/Android/, 'Android'],
    [/Windows/, 'Windows'],
    [/Mac OS X|Macintosh/, 'macOS'],
    [/CrOS/, 'ChromeOS'],
    [/Linux/, 'Linux'],
  ].find(([pattern]) => (pattern as RegExp).test(ua))?.[1] as string | undefined;
  if (browser && system) return `${browser} on ${system}`;
  if (browser || system) return (browser ?? system)!;
  // Printable characters only, shortened: the header is the client's to write.
  return ua.replace(/[^\x20-\x7e]/g, '').slice(0, 80) || null;
}
