import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROOT } from './paths';
import { createTestApp, type TestApp } from './test/harness';

/**
 * Every call the three documents list (000 §7, 001 §7, 002 §7.x) is served by the API. The calls are read from
 * the documents themselves, so a call the documents add, or one the server drops, fails here.
 */

// shared/ sits beside the checkout (here and in CI): two folders above the API package is the checkout's root.
const SPEC_DIR = path.resolve(API_ROOT, '../..', '../shared/spec');
if (!existsSync(SPEC_DIR))
  throw new Error(`The documents are missing at ${SPEC_DIR}: shared/ must sit beside the checkout`);

const METHOD = '(?:GET|POST|PUT|PATCH|DELETE)';

type Call = { document: string; method: string; path: string };

/** The text of a document's section 7, "The calls it makes" (up to section 8). */
function callSection(file: string): string {
  const text = readFileSync(path.join(SPEC_DIR, file), 'utf8');
  const section = text.match(/\n## 7\. [^\n]*\n([\s\S]*?)\n## 8\./)?.[1];
  if (!section) throw new Error(`${file} has no section 7 followed by a section 8`);
  return section;
}

const DOCUMENTS = readdirSync(SPEC_DIR)
  .filter((file) => /^\d{3}_.*\.txt$/.test(file))
  .sort()
  .map((file) => ({ document: file.slice(0, 3), section: callSection(file) }));

/**
 * Items the documents write relative to a neighbour ("... /x", "same path", ", /resume", "and /subscriber/tag",
 * a path without its method) cannot be read alone: each such passage is spelled out here, quoted exactly as the
 * document has it, so a change to the passage fails the test instead of dropping calls silently.
 */
const RELATIVE: { document: string; passage: string; calls: string[] }[] = [
  {
    document: '000',
    passage: 'PUT .../intake/{intake}/set-expiration',
    calls: ['PUT /intakes/{org}/patient/{user}/intake/{intake}/set-expiration'],
  },
  {
    document: '000',
    passage: 'POST /users/{org}/patient/{id}/subscriber and /subscriber/tag',
    calls: ['POST /users/{org}/patient/{id}/subscriber/tag'],
  },
  {
    // "GET /billing/{org}/patient/{user}/card; POST .../billing/profile/create": 002 §7.2 gives the full path
    document: '000',
    passage: 'POST .../billing/profile/create',
    calls: ['POST /users/{org}/{user}/billing/profile/create'],
  },
  {
    document: '001',
    passage: '(GET /users/{org}/user/{patient}/subscriptions and .../subscriptions/medications also seen)',
    calls: ['GET /users/{org}/user/{patient}/subscriptions/medications'],
  },
  {
    document: '001',
    passage:
      'POST /v2/subscriptions/{id}/pause (body data with pause_reason); /resume (body data with shipNow); /cancel',
    calls: ['POST /v2/subscriptions/{id}/resume', 'POST /v2/subscriptions/{id}/cancel'],
  },
  {
    document: '001',
    // read against the patient (every conversation) or against the conversation: the server serves both readings
    passage: '(PUT .../patient/read)',
    calls: [
      'PUT /conversations/{org}/patient/{id}/patient/read',
      'PUT /conversations/{org}/patient/{id}/conversation/{cid}/patient/read',
    ],
  },
  {
    document: '001',
    passage: '(POST .../conversation/{cid}/typing)',
    calls: ['POST /conversations/{org}/patient/{id}/conversation/{cid}/typing'],
  },
  {
    document: '001',
    passage: 'auth endpoint /pusher/auth/presence/{userId}/{firstName}/patient',
    calls: ['POST /pusher/auth/presence/{userId}/{firstName}/patient'],
  },
  {
    document: '002',
    passage:
      'GET /v2/labs/patient/panels/{panelId}/categories/{slug}; .../all-biomarkers; .../report/analysis (query reportId, omitted for latest); .../bio-age/overview; .../preparation-guidelines; .../overview (query reportId); .../markers/{biomarkerId}; .../appointment.',
    calls: [
      'GET /v2/labs/patient/panels/{panelId}/all-biomarkers',
      'GET /v2/labs/patient/panels/{panelId}/report/analysis',
      'GET /v2/labs/patient/panels/{panelId}/bio-age/overview',
      'GET /v2/labs/patient/panels/{panelId}/preparation-guidelines',
      'GET /v2/labs/patient/panels/{panelId}/overview',
      'GET /v2/labs/patient/panels/{panelId}/markers/{biomarkerId}',
      'GET /v2/labs/patient/panels/{panelId}/appointment',
    ],
  },
  {
    document: '002',
    passage:
      'GET /users/{org}/user/{patient}/subscriptions; .../subscriptions/medications; .../subscription/{id} (query type)',
    calls: [
      'GET /users/{org}/user/{patient}/subscriptions/medications',
      'GET /users/{org}/user/{patient}/subscription/{id}',
    ],
  },
  {
    document: '002',
    passage: 'POST /v2/subscriptions/{id}/pause, /resume, /cancel',
    calls: ['POST /v2/subscriptions/{id}/resume', 'POST /v2/subscriptions/{id}/cancel'],
  },
  {
    document: '002',
    passage:
      'PUT /intakes/{org}/patient/{user}/intake/{intake} (update fields); PUT same path /response/{responseId} (body response).',
    calls: ['PUT /intakes/{org}/patient/{user}/intake/{intake}/response/{responseId}'],
  },
  {
    document: '002',
    passage:
      'PUT .../intake/{intake}/question/{parent}/response/child/update; GET .../intake/{intake}/response/{questionId}.',
    calls: [
      'PUT /intakes/{org}/patient/{user}/intake/{intake}/question/{parent}/response/child/update',
      'GET /intakes/{org}/patient/{user}/intake/{intake}/response/{questionId}',
    ],
  },
  {
    document: '002',
    passage: 'PUT .../patient-intake/{intake}/patient-close; PUT .../intake/{intake}/set-expiration.',
    calls: [
      'PUT /intakes/{org}/patient/{user}/patient-intake/{intake}/patient-close',
      'PUT /intakes/{org}/patient/{user}/intake/{intake}/set-expiration',
    ],
  },
  {
    document: '002',
    passage:
      'GET /users/{org}/user/{id}/patient; GET .../patient/images; PUT /users/{org}/{id}; PUT .../reset-password; PUT /users/{org}/{userId}/reset-password-token; PUT .../update-shipping; POST .../send-mobile-verification; POST .../mobile-verify; POST .../security; GET .../state; POST /users/{org}/patient/{id}/subscriber and /subscriber/tag;',
    calls: [
      'GET /users/{org}/user/{id}/patient/images',
      'PUT /users/{org}/{id}/reset-password',
      'PUT /users/{org}/{id}/update-shipping',
      'POST /users/{org}/{id}/send-mobile-verification',
      'POST /users/{org}/{id}/mobile-verify',
      'POST /users/{org}/{id}/security',
      'GET /users/{org}/{id}/state',
      'POST /users/{org}/patient/{id}/subscriber/tag',
    ],
  },
  {
    document: '002',
    passage: 'POST /conversations/{org}/patient/{id}/conversation/{cid}/typing; PUT .../patient/read;',
    calls: [
      'PUT /conversations/{org}/patient/{id}/patient/read',
      'PUT /conversations/{org}/patient/{id}/conversation/{cid}/patient/read',
    ],
  },
  {
    document: '002',
    passage:
      'PUT /conversations/{org}/patient/{id}/conversation/{cid} (send message); GET same path (query lastId',
    calls: ['GET /conversations/{org}/patient/{id}/conversation/{cid}'],
  },
  {
    document: '002',
    passage:
      'POST /pusher/auth (a presence variant /pusher/auth/presence/{userId}/{firstName}/patient also exists)',
    calls: ['POST /pusher/auth/presence/{userId}/{firstName}/patient'],
  },
];

/**
 * Calls another piece of work is building now (issue 16: appointments and physicians). Each entry leaves this
 * list the day it is served; the test below fails while a served call is still listed here.
 */
const PENDING = new Set<string>([]);

/** "PUT /users/{org}/{id}" becomes "PUT /users/:/:": parameter names differ between documents and routes. */
const shape = (method: string, p: string) =>
  `${method} ${p.replace(/\{[^}]+\}/g, ':').replace(/:[A-Za-z_][A-Za-z0-9_]*/g, ':')}`;

function documentedCalls(): Call[] {
  const calls: Call[] = [];
  const absolute = new RegExp(`\\b(${METHOD})((?: and ${METHOD})*) (/[^\\s;,()]*)`, 'g');
  for (const { document, section } of DOCUMENTS) {
    for (const match of section.matchAll(absolute)) {
      const methods = [match[1]!, ...[...match[2]!.matchAll(new RegExp(METHOD, 'g'))].map((m) => m[0])];
      const callPath = match[3]!.replace(/[.:]+$/, '');
      for (const method of methods) calls.push({ document, method, path: callPath });
    }
    for (const relative of RELATIVE.filter((r) => r.document === document)) {
      for (const call of relative.calls) {
        const [method, callPath] = call.split(' ') as [string, string];
        calls.push({ document, method, path: callPath });
      }
    }
  }
  return calls;
}

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

describe('the calls the documents list', () => {
  it('reads every relative passage it spells out from the documents as they stand', () => {
    for (const { document, passage } of RELATIVE) {
      const section = DOCUMENTS.find((d) => d.document === document)?.section ?? '';
      expect(section.replace(/\s+/g, ' '), `${document}: ${passage}`).toContain(passage);
    }
  });

  it('leaves no relative item unread', () => {
    // "... /x" and "same path" items: each must sit inside a passage spelled out above.
    for (const { document, section } of DOCUMENTS) {
      const flat = section.replace(/\s+/g, ' ');
      const covered = RELATIVE.filter((r) => r.document === document).map((r) => {
        const start = flat.indexOf(r.passage);
        return [start, start + r.passage.length] as const;
      });
      for (const item of flat.matchAll(/\.\.\.\/[^\s;,()]*|same path/g)) {
        const inside = covered.some(([from, to]) => from >= 0 && item.index >= from && item.index < to);
        expect(inside, `${document}: "${item[0]}" at ${item.index} is not spelled out`).toBe(true);
      }
    }
  });

  it('finds the calls of all three documents', () => {
    const calls = documentedCalls();
    expect(new Set(calls.map((c) => c.document))).toEqual(new Set(['000', '001', '002']));
    // 002 §7.8's alert call and §7.7's merchant call are among them
    const shapes = new Set(calls.map((c) => shape(c.method, c.path)));
    expect(shapes).toContain('POST /alerts/:/create/:');
    expect(shapes).toContain('GET /organization/:/merchant');
    expect(shapes).toContain('DELETE /v2/intakes/:/products');
    expect(shapes).toContain('POST /v2/subscriptions/:/resume');
  });

  it('serves every one of them, apart from the pending list', () => {
    const served = new Set(t.app.apiRoutes.map((route) => shape(route.method, route.url)));
    const missing = [
      ...new Set(
        documentedCalls()
          .map((call) => shape(call.method, call.path))
          .filter((call) => !served.has(call) && !PENDING.has(call)),
      ),
    ].sort();
    expect(missing).toEqual([]);
  });

  it('keeps the pending list to calls still not served', () => {
    const served = new Set(t.app.apiRoutes.map((route) => shape(route.method, route.url)));
    for (const call of PENDING)
      expect(served.has(call), `${call} is served: take it off the pending list`).toBe(false);
  });

  it('answers each call through the router (hasRoute agrees with the access registry)', () => {
    for (const route of t.app.apiRoutes) {
      expect(
        t.app.hasRoute({ method: route.method as 'GET', url: route.url }),
        `${route.method} ${route.url}`,
      ).toBe(true);
    }
  });
});
