/**
 * The leaf parts of a MIME message (as the outbox writes it), each with its headers and its body decoded
 * from base64, quoted-printable or 7/8bit: enough for tests to read what a mail client would show.
 */
export type MimePart = { contentType: string; headers: Record<string, string>; body: string };

function headersOf(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decode(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable': {
      const soft = body.replace(/=\r?\n/g, '');
      const bytes: number[] = [];
      for (let i = 0; i < soft.length; i++) {
        const hex = soft.slice(i + 1, i + 3);
        if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
          bytes.push(Number.parseInt(hex, 16));
          i += 2;
        } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
      }
      return Buffer.from(bytes).toString('utf8');
    }
    default:
      return body;
  }
}

export function mimeParts(message: string): MimePart[] {
  const split = message.search(/\r?\n\r?\n/);
  const headers = headersOf(message.slice(0, split));
  const rest = message.slice(split).replace(/^\r?\n\r?\n/, '');
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (!contentType.toLowerCase().startsWith('multipart/') || !boundary)
    return [{ contentType, headers, body: decode(rest, headers['content-transfer-encoding']) }];
  const delimiter = `--${boundary}`;
  return rest
    .split(new RegExp(`\\r?\\n?${delimiter.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*\\r?\\n?`))
    .slice(1)
    .filter((chunk) => chunk.trim().length > 0)
    .flatMap(mimeParts);
}
