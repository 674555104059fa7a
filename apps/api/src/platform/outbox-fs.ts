import * as fs from 'node:fs';
import { promisify } from 'node:util';

/**
 * The file calls the outboxes (mail, text messages) make, in their callback forms: fs/promises opens a
 * FileHandle per write, which measured twice the CPU per file here, and a booking writes two.
 */
export const mkdir = promisify(fs.mkdir);
export const rename = promisify(fs.rename);
export const writeFile = promisify(fs.writeFile);
