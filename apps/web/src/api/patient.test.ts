import { FIXED_NOW, fixClock } from '@portal/domain/testing/fixed-clock';
import { beforeEach, describe, expect, it } from 'vitest';
import { createQueryClient } from '../lib/query-client';
import { saveSession } from '../lib/session';
import { json, mockApi, ORG_ID, patient, setOrganization, USER_ID } from '../test/helpers';
import { patientQueryOptions } from './patient';

const PATIENT = `GET /users/${ORG_ID}/user/${USER_ID}/patient`;

beforeEach(() => setOrganization());

describe("the patient's record as a page reads it", () => {
  it('is the record the session just had from the server: no second read of it', async () => {
    saveSession({ token: 't', user: patient({ first_name: 'Ada' }) });
    const requests = mockApi({ [PATIENT]: json(200, patient({ first_name: 'Server' })) });
    const record = await createQueryClient().fetchQuery(patientQueryOptions(USER_ID));
    expect(record.first_name).toBe('Ada');
    expect(requests).toHaveLength(0);
  });

  it('is read again once the record the session holds is older than the queries keep answers', async () => {
    saveSession({ token: 't', user: patient({ first_name: 'Ada' }) });
    fixClock(FIXED_NOW.getTime() + 61_000);
    const requests = mockApi({ [PATIENT]: json(200, patient({ first_name: 'Server' })) });
    const record = await createQueryClient().fetchQuery(patientQueryOptions(USER_ID));
    expect(record.first_name).toBe('Server');
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([PATIENT]);
  });

  it("is read from the server for another patient than the session's", async () => {
    saveSession({ token: 't', user: patient({ _id: 'someone-else' }) });
    const requests = mockApi({ [PATIENT]: json(200, patient({ first_name: 'Server' })) });
    const record = await createQueryClient().fetchQuery(patientQueryOptions(USER_ID));
    expect(record.first_name).toBe('Server');
    expect(requests).toHaveLength(1);
  });
});
