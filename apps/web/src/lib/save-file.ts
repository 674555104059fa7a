/** Hands a downloaded file to the browser through a temporary blob link. */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Some browsers start the download after click() returns: revoke a moment later.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** A file the API answered, with the name its Content-Disposition gives (or a fallback). */
export type DownloadedFile = { blob: Blob; fileName: string };

export async function readDownload(response: Response, fallbackName: string): Promise<DownloadedFile> {
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await response.blob(), fileName };
}
