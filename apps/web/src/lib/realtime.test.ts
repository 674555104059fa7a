import { describe, expect, it } from 'vitest';
import { connectionOptions } from './realtime';

const embedded = {
  key: 'portal',
  cluster: null,
  host: null,
  port: null,
  use_tls: null,
  auth_endpoint: '/pusher/auth',
};

describe('real-time connection options', () => {
  it('connects to the embedded server on the page’s own host, port and scheme', () => {
    expect(
      connectionOptions(embedded, { hostname: 'evergreen.test', port: '3000', protocol: 'http:' }),
    ).toMatchObject({
      wsHost: 'evergreen.test',
      wsPort: 3000,
      wssPort: 3000,
      forceTLS: false,
      enabledTransports: ['ws', 'wss'],
    });
    expect(
      connectionOptions(embedded, { hostname: 'portal.clinic.com', port: '', protocol: 'https:' }),
    ).toMatchObject({ wsHost: 'portal.clinic.com', wssPort: 443, forceTLS: true });
  });

  it('connects to hosted Pusher by cluster, and to a compatible server by host and port', () => {
    const page = { hostname: 'portal.clinic.com', port: '', protocol: 'https:' };
    expect(connectionOptions({ ...embedded, key: 'k', cluster: 'eu', use_tls: true }, page)).toEqual({
      cluster: 'eu',
      forceTLS: true,
    });
    expect(
      connectionOptions({ ...embedded, host: 'soketi.internal', port: 6001, use_tls: false }, page),
    ).toMatchObject({ wsHost: 'soketi.internal', wsPort: 6001, forceTLS: false });
  });
});
