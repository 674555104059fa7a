import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutboxSms } from './outbox';

export type { OutboxSms };

/** Every text of the outbox folder, oldest first (file names start with the sending time). */
export async function readSmsOutbox(dir: string): Promise<OutboxSms[]> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return [];
  }
  const files = names.filter((n) => n.endsWith('.json') && !n.startsWith('.')).sort();
  return Promise.all(
    files.map(async (n) => JSON.parse(await readFile(path.join(dir, n), 'utf8')) as OutboxSms),
  );
}

/**
 * The latest text sent to a number (E.164, or ten national digits), or undefined. For tests: the
 * verification code is the only 5-digit group in the body, see {@link codeOf}.
 */
export async function latestSmsTo(dir: string, number: string): Promise<OutboxSms | undefined> {
  const to = /^\d{10}$/.test(number) ? `+1${number}` : number;
  const sent = await readSmsOutbox(dir);
  return sent.filter((s) => s.to === to).at(-1);
}

/** The 5-digit verification code of a text, or undefined. */
export function codeOf(sms: Pick<OutboxSms, 'body'> | undefined): string | undefined {
  return sms?.body.match(/\b(\d{5})\b/)?.[1];
}
