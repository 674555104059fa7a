import path from 'node:path';

/**
 * The API package folder. This file sits directly in src/, and the server bundle directly in dist/,
 * so one level up is the package root in development and in production alike.
 */
export const API_ROOT = path.resolve(import.meta.dirname, '..');
export const MIGRATIONS_DIR = path.join(API_ROOT, 'drizzle');
export const WEB_DIST_DIR = path.resolve(API_ROOT, '../web/dist');
