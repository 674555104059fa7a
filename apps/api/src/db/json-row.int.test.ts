import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/test-db';
import type { Database } from './client';
import { jsonRow } from './json-row';
import { organizations } from './schema/organizations';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

describe('jsonRow', () => {
  it('reads the same values as a column-by-column select, with Dates for timestamps', async () => {
    const created = new Date('2026-01-02T03:04:05.678Z');
    await database.db.insert(organizations).values({
      id: 'a'.repeat(24),
      name: 'Clinic "Q" & Co',
      domain: 'q.example',
      appUrl: 'https://q.example',
      settings: {
        name: 'Q',
        logo: '/q.svg',
        favicons: { icon: '/f.svg' },
        brand: { primary_color: '#123456' },
        support_email: 's@q',
        login: { image_v3: '', testimonials: [{ quote: 'ünïcode ✓', author: 'A' }] },
        dropdown_links: [],
        verification: { has_mobile_verification: true },
      },
      createdAt: created,
    });
    const columns = {
      id: organizations.id,
      name: organizations.name,
      settings: organizations.settings,
      createdAt: organizations.createdAt,
    };
    const json = jsonRow(columns);
    const [plain] = await database.db
      .select(columns)
      .from(organizations)
      .where(eq(organizations.id, 'a'.repeat(24)));
    const [packed] = await database.db
      .select({ row: json.sql })
      .from(organizations)
      .where(eq(organizations.id, 'a'.repeat(24)));
    const parsed = json.parse(packed!.row);
    expect(parsed).toEqual(plain);
    expect(parsed.createdAt).toBeInstanceOf(Date);
    expect(parsed.createdAt.getTime()).toBe(created.getTime());
    expect(Object.keys(parsed)).toEqual(['id', 'name', 'settings', 'createdAt']);
  });
});
