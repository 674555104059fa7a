/**
 * The chat's budget (issue 13, Speed), through the unmodified pusher-js client against the built server on
 * PostgreSQL:
 * 1. 1,000 connected clients in 100 conversations of 10 (the patient and 9 staff connections) on one
 *    instance: every message delivered to the 9 others, in order, p99 from send to receipt at most 100 ms;
 * 2. the same over two instances sharing Redis, clients spread over both and messages sent to either: p99 at
 *    most 150 ms;
 * 3. a client of each conversation drops for 10 seconds while the others go on writing: once it rejoins its
 *    channel it reads the conversation again (the database is the source of truth) and misses nothing;
 * 4. a conversation of 10,000 messages (put in by SQL): its first page and each older page (lastId = the
 *    oldest loaded message's id), p95 at most 30 ms at 10 clients.
 * Each conversation writes one message every BENCH_CHAT_INTERVAL_MS (500 by default: 200 messages a second,
 * 1,800 deliveries, which keep this 2-core machine a little over half busy: the servers, PostgreSQL and the
 * clients together; at 200 ms the sends outgrew the machine and the figure measured its queue), the patient
 * and a staff member in turn, each waiting for its previous send's answer; the conversations start spread
 * over the interval. Sending and receiving are timed in this process, on one clock (performance.now()); the
 * latencies of the first second are left out of the percentiles, its deliveries are not.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import pg from 'pg';
import Pusher from 'pusher-js';
import { AIMS, type Figure } from './aims';

type Channel = ReturnType<Pusher['subscribe']>;
type Started = { base: string };

export type ChatBenchOptions<S extends Started> = {
  pgUrl: string;
  dataDir: string;
  /** BENCH_SECONDS: how long the conversations write in each of the first two figures. */
  seconds: number;
  start: (env: Record<string, string>, port: number) => Promise<S>;
  stop: (server: S) => Promise<void>;
};

export const CHAT_LOAD = {
  conversations: 100,
  perConversation: 10,
  /** Each conversation sends one message this often (ms). */
  intervalMs: Number(process.env.BENCH_CHAT_INTERVAL_MS ?? 500),
  dropSeconds: 10,
  longThread: 10_000,
  pageClients: 10,
} as const;

const PORTS = [3903, 3904] as const;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const STAFF = ['care@evergreen.test', 'physician@evergreen.test', 'admin@evergreen.test'];
/** Latencies of messages sent in the first second are left out of the percentiles (deliveries still count). */
const WARM_MS = 1000;
/** After the last send, how long deliveries may still arrive. */
const SETTLE_MS = 5000;
const TEXT = /^bench (\d+):(\d+)$/;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, Math.max(0, ms)));
const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] ?? 0;
};
const json = { 'content-type': 'application/json', accept: 'application/json' };
const bearer = (token: string) => ({ accept: 'application/json', authorization: `Bearer ${token}` });

async function call<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

type Person = { id: string; token: string };
type Conn = {
  conversation: number;
  index: number;
  token: string;
  server: number;
  client: Pusher;
  channel: Channel;
  /** Sequence numbers received live (each once). */
  received: Set<number>;
  lastSeq: number;
};
type Conversation = { index: number; cid: string; patient: Person; conns: Conn[] };
type Sent = { at: number; sender: number; ok: boolean };

/** What one run of the conversations saw. */
type Tally = {
  sent: Map<number, Sent>[];
  latencies: number[];
  sendMs: number[];
  delivered: number;
  outOfOrder: number;
  duplicates: number;
  echoes: number;
  sendErrors: number;
  warmUntil: number;
};

export type ChatRun = {
  servers: number;
  clients: number;
  messages: number;
  sendRate: number;
  expected: number;
  delivered: number;
  outOfOrder: number;
  duplicates: number;
  sendErrors: number;
  p50: number;
  p99: number;
  sendP99: number;
  /** The longest this process's event loop was held up while the conversations wrote. */
  loopMaxMs: number;
};
export type ChatDrop = {
  clients: number;
  sentDuringPhase: number;
  whileAway: number;
  recoveredByRead: number;
  missed: number;
  rejoinP95: number;
};
export type ChatPages = { name: string; p95: number; count: number }[];
export type ChatResults = {
  one: ChatRun;
  two: ChatRun | undefined;
  drop: ChatDrop | undefined;
  pages: ChatPages;
};

function subscribed(channel: Channel, ms: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      clearTimeout(timer);
      channel.unbind('pusher:subscription_succeeded', ok);
      channel.unbind('pusher:subscription_error', fail);
    };
    const ok = () => {
      done();
      resolve();
    };
    const fail = (error: unknown) => {
      done();
      reject(new Error(`${channel.name}: subscription refused ${JSON.stringify(error)}`));
    };
    const timer = setTimeout(() => {
      done();
      reject(new Error(`${channel.name}: not subscribed within ${ms} ms`));
    }, ms);
    channel.bind('pusher:subscription_succeeded', ok);
    channel.bind('pusher:subscription_error', fail);
  });
}

/** The unmodified pusher-js client on one instance's embedded server, authorized by /pusher/auth with `token`. */
function pusherClient(base: string, token: string): Pusher {
  const url = new URL(base);
  return new Pusher('portal', {
    cluster: '',
    wsHost: url.hostname,
    wsPort: Number(url.port),
    forceTLS: false,
    enabledTransports: ['ws'],
    disableStats: true,
    channelAuthorization: {
      customHandler: ({ socketId, channelName }, callback) => {
        fetch(`${base}/pusher/auth`, {
          method: 'POST',
          headers: { ...bearer(token), 'content-type': 'application/x-www-form-urlencoded' },
          body: new URLSearchParams({ socket_id: socketId, channel_name: channelName }).toString(),
          signal: AbortSignal.timeout(30_000),
        })
          .then(async (res) =>
            res.ok
              ? callback(null, (await res.json()) as { auth: string; channel_data?: string })
              : callback(new Error(`status ${res.status}`), null),
          )
          .catch((error: Error) => callback(error, null));
      },
    },
  });
}

async function logIn(base: string, org: string, email: string): Promise<Person> {
  const { token, user } = await call<{ token: string; user: { _id: string } }>(`${base}/login/${org}`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: 'Demo1234!' }),
  });
  return { id: user._id, token };
}

/** A new patient of the clinic (POST /v2/users) and their conversation (made on first use). */
async function patientWithConversation(base: string, org: string, n: number) {
  const { token, user } = await call<{ token: string; user: { _id: string } }>(`${base}/v2/users`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({
      first_name: 'Chat',
      last_name: `Bench${String.fromCharCode(97 + (n % 26))}`,
      email: `chat-${n}-${Date.now()}@bench.test`,
      password: 'secret123',
      organization: org,
      accepted_terms: true,
    }),
  });
  const [conversation] = await call<{ _id: string }[]>(`${base}/v2/conversations/patient`, {
    headers: bearer(token),
  });
  if (!conversation) throw new Error('no conversation for a new patient');
  return { patient: { id: user._id, token }, cid: conversation._id };
}

/** Runs `task` for 0..count-1, at most `limit` at once; after a failure starts no more, and throws it once all settled. */
async function pooled<T>(count: number, limit: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out = new Array<T>(count);
  let next = 0;
  let failure: { error: unknown } | undefined;
  await Promise.all(
    Array.from({ length: Math.min(limit, count) }, async () => {
      while (next < count && !failure) {
        const i = next++;
        try {
          out[i] = await task(i);
        } catch (error) {
          failure ??= { error };
        }
      }
    }),
  );
  if (failure) throw failure.error;
  return out;
}

/**
 * Connects the 10 clients of every conversation (its patient, then 9 staff connections over the 3 staff
 * accounts), spread over `bases`, and waits until each has joined its conversation's channel.
 */
async function connectAll(
  conversations: Omit<Conversation, 'conns'>[],
  staff: Person[],
  bases: string[],
  tally: () => Tally | undefined,
): Promise<Conversation[]> {
  const joined: Conversation[] = conversations.map((c) => ({ ...c, conns: [] }));
  const slots = joined.flatMap((c) =>
    Array.from({ length: CHAT_LOAD.perConversation }, (_, index) => ({ c, index })),
  );
  const connecting = pooled(slots.length, 50, async (k) => {
    const { c, index } = slots[k]!;
    const server = (c.index + index) % bases.length;
    const token = index === 0 ? c.patient.token : staff[(c.index + index) % staff.length]!.token;
    const client = pusherClient(bases[server]!, token);
    const channel = client.subscribe(`private-conversation-${c.cid}`);
    const conn: Conn = {
      conversation: c.index,
      index,
      token,
      server,
      client,
      channel,
      received: new Set(),
      lastSeq: -1,
    };
    c.conns[index] = conn;
    channel.bind('message', (message: { blocks?: { text?: string }[] }) => heard(conn, message, tally()));
    await subscribed(channel, 30_000);
  });
  try {
    await connecting;
  } catch (error) {
    closeAll(joined);
    throw error;
  }
  return joined;
}

function heard(conn: Conn, message: { blocks?: { text?: string }[] }, tally: Tally | undefined) {
  const now = performance.now();
  const match = TEXT.exec(message.blocks?.[0]?.text ?? '');
  if (!match || !tally || Number(match[1]) !== conn.conversation) return;
  const seq = Number(match[2]);
  const sent = tally.sent[conn.conversation]!.get(seq);
  if (!sent) return;
  if (sent.sender === conn.index) {
    tally.echoes++;
    return;
  }
  if (conn.received.has(seq)) {
    tally.duplicates++;
    return;
  }
  conn.received.add(seq);
  tally.delivered++;
  if (seq < conn.lastSeq) tally.outOfOrder++;
  conn.lastSeq = Math.max(conn.lastSeq, seq);
  if (sent.at >= tally.warmUntil) tally.latencies.push(now - sent.at);
}

function newTally(warmUntil: number): Tally {
  return {
    sent: Array.from({ length: CHAT_LOAD.conversations }, () => new Map<number, Sent>()),
    latencies: [],
    sendMs: [],
    delivered: 0,
    outOfOrder: 0,
    duplicates: 0,
    echoes: 0,
    sendErrors: 0,
    warmUntil,
  };
}

/**
 * Every conversation writes one message each interval until `until` (its start spread over the interval),
 * the patient and a staff member in turn, each send to one instance after the other; the next waits for the
 * answer of the one before, so a conversation's order is the order of its sends.
 */
async function converse(
  conversations: Conversation[],
  org: string,
  bases: string[],
  tally: Tally,
  nextSeq: number[],
  t0: number,
  until: number,
) {
  const interval = CHAT_LOAD.intervalMs;
  const maxSends = Math.ceil((until - t0) / interval) + 1;
  await Promise.all(
    conversations.map(async (c) => {
      const offset = (c.index / conversations.length) * interval;
      for (let k = 0; k < maxSends; k++) {
        const due = t0 + offset + k * interval;
        if (due >= until || performance.now() >= until) break;
        await sleep(due - performance.now());
        const seq = nextSeq[c.index]!++;
        const sender = c.conns[seq % 2]!;
        const base = bases[(c.index + seq) % bases.length]!;
        const at = performance.now();
        const record: Sent = { at, sender: sender.index, ok: false };
        tally.sent[c.index]!.set(seq, record);
        try {
          const res = await fetch(
            `${base}/conversations/${org}/patient/${c.patient.id}/conversation/${c.cid}`,
            {
              method: 'PUT',
              headers: { ...bearer(sender.token), 'content-type': 'application/json' },
              body: JSON.stringify({
                text: `bench ${c.index}:${seq}`,
                socket_id: sender.client.connection.socket_id,
              }),
              signal: AbortSignal.timeout(10_000),
            },
          );
          await res.arrayBuffer();
          record.ok = res.ok;
          if (!res.ok) tally.sendErrors++;
        } catch {
          tally.sendErrors++;
        }
        if (at >= tally.warmUntil) tally.sendMs.push(performance.now() - at);
      }
    }),
  );
}

/** Waits until every expected delivery came, or `ms` passed. */
async function settle(tally: Tally, expected: () => number, ms: number) {
  const until = performance.now() + ms;
  while (tally.delivered < expected() && performance.now() < until) await sleep(50);
}

const receiversOf = (c: Conversation) => c.conns.length - 1;
function expectedOf(conversations: Conversation[], tally: Tally) {
  let n = 0;
  for (const c of conversations) n += tally.sent[c.index]!.size * receiversOf(c);
  return n;
}

function closeAll(conversations: Conversation[]) {
  for (const c of conversations) for (const conn of c.conns) conn?.client.disconnect();
}

/** One run of figure 1 or 2: all clients connected, `seconds` of conversation, then every delivery checked. */
async function run(
  base: Omit<Conversation, 'conns'>[],
  staff: Person[],
  org: string,
  bases: string[],
  seconds: number,
  nextSeq: number[],
  afterwards?: (conversations: Conversation[], tallyRef: { current: Tally | undefined }) => Promise<ChatDrop>,
): Promise<{ run: ChatRun; drop?: ChatDrop }> {
  const ref: { current: Tally | undefined } = { current: undefined };
  const conversations = await connectAll(base, staff, bases, () => ref.current);
  try {
    const t0 = performance.now() + 200;
    const tally = newTally(t0 + WARM_MS);
    ref.current = tally;
    // this process's own delays, which would be counted in the receipts
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    await converse(conversations, org, bases, tally, nextSeq, t0, t0 + seconds * 1000);
    loop.disable();
    const window = (performance.now() - t0) / 1000;
    await settle(tally, () => expectedOf(conversations, tally), SETTLE_MS);
    let messages = 0;
    for (const s of tally.sent) messages += s.size;
    const result: ChatRun = {
      servers: bases.length,
      clients: conversations.length * CHAT_LOAD.perConversation,
      messages,
      sendRate: messages / window,
      expected: expectedOf(conversations, tally),
      delivered: tally.delivered,
      outOfOrder: tally.outOfOrder,
      duplicates: tally.duplicates + tally.echoes,
      sendErrors: tally.sendErrors,
      p50: percentile(tally.latencies, 50),
      p99: percentile(tally.latencies, 99),
      sendP99: percentile(tally.sendMs, 99),
      loopMaxMs: loop.max / 1e6,
    };
    const drop = afterwards ? await afterwards(conversations, ref) : undefined;
    return { run: result, ...(drop ? { drop } : {}) };
  } finally {
    ref.current = undefined;
    closeAll(conversations);
    await sleep(500);
  }
}

/**
 * Figure 3: the last client of every conversation (a staff connection that does not send) drops for 10 s
 * while all conversations go on writing, comes back on the same pusher-js client (which joins its channel
 * again), and reads the conversation from the newest page back, by lastId, until it reaches a message it
 * held before the drop. Every message of the run must be either heard or read.
 */
function dropAndRejoin(org: string, bases: string[], nextSeq: number[]) {
  return async (conversations: Conversation[], ref: { current: Tally | undefined }): Promise<ChatDrop> => {
    const before = 2000;
    const after = 3000;
    const dropMs = CHAT_LOAD.dropSeconds * 1000;
    const t0 = performance.now() + 200;
    const tally = newTally(Number.POSITIVE_INFINITY);
    ref.current = tally;
    const firstSeq = [...nextSeq];
    const droppers = conversations.map((c) => c.conns[CHAT_LOAD.perConversation - 1]!);
    const recovered = droppers.map(() => new Set<number>());
    const heldBefore = droppers.map(() => -1);
    const rejoinMs: number[] = [];
    const talk = converse(conversations, org, bases, tally, nextSeq, t0, t0 + before + dropMs + after);
    await sleep(t0 + before - performance.now());
    droppers.forEach((d, i) => {
      heldBefore[i] = d.lastSeq;
      d.client.disconnect();
    });
    await sleep(dropMs);
    await Promise.all(
      droppers.map(async (d, i) => {
        const c = conversations[i]!;
        const started = performance.now();
        const rejoined = subscribed(d.channel, 30_000);
        d.client.connect();
        await rejoined;
        // the newest page, then older ones by lastId until a message held before the drop
        let lastId: string | undefined;
        for (let page = 0; page < 50; page++) {
          const url = `${bases[d.server]}/conversations/${org}/patient/${c.patient.id}/conversation/${c.cid}${lastId ? `?lastId=${lastId}` : ''}`;
          const read = await call<{
            messages: { _id: string; blocks: { text?: string }[] }[];
            has_more: boolean;
          }>(url, { headers: bearer(d.token) });
          let reached = false;
          for (const m of read.messages) {
            const match = TEXT.exec(m.blocks[0]?.text ?? '');
            if (!match || Number(match[1]) !== c.index) continue;
            const seq = Number(match[2]);
            recovered[i]!.add(seq);
            if (seq <= heldBefore[i]!) reached = true;
          }
          if (reached || !read.has_more || read.messages.length === 0) break;
          lastId = read.messages[0]!._id;
        }
        rejoinMs.push(performance.now() - started);
      }),
    );
    await talk;
    // the droppers cannot hear all: wait for the others' last deliveries
    await sleep(1500);
    let sentDuringPhase = 0;
    let whileAway = 0;
    let recoveredByRead = 0;
    let missed = 0;
    droppers.forEach((d, i) => {
      const c = conversations[i]!;
      for (let seq = firstSeq[c.index]!; seq < nextSeq[c.index]!; seq++) {
        // a send that failed counts as missed too
        if (!tally.sent[c.index]!.has(seq)) continue;
        sentDuringPhase++;
        if (d.received.has(seq)) continue;
        whileAway++;
        if (recovered[i]!.has(seq)) recoveredByRead++;
        else missed++;
      }
    });
    return {
      clients: droppers.length,
      sentDuringPhase,
      whileAway,
      recoveredByRead,
      missed,
      rejoinP95: percentile(rejoinMs, 95),
    };
  };
}

/** Figure 4: 10,000 messages in one conversation, by SQL, the patient and a staff member in turn, a minute apart. */
async function seedLongThread(pgUrl: string, cid: string, patientId: string, staffId: string) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  try {
    await client.query(
      `insert into messages (id, conversation_id, author_id, message_style, blocks, attachments, has_file, internal,
         created_at)
       select 'c0' || lpad(to_hex(n), 22, '0'), $1, case when n % 2 = 0 then $2 else $3 end, 1,
         jsonb_build_array(jsonb_build_object('type', 'paragraph',
           'text', 'Message ' || n || ' of a long conversation between a patient and their care team')),
         '[]'::jsonb, false, false, now() - make_interval(mins => ($4::int - n + 1))
       from generate_series(1, $4::int) n`,
      [cid, patientId, staffId, CHAT_LOAD.longThread],
    );
    await client.query(
      `update conversations set last_message_at = (select max(created_at) from messages where conversation_id = $1),
         patient_read = true, medical_team_read = true where id = $1`,
      [cid],
    );
    await client.query('analyze messages; analyze conversations');
  } finally {
    await client.end();
  }
}

type Page = { messages: { _id: string; created_at: string }[]; has_more: boolean };

/** Walks the whole long thread once, newest page first: it must give 10,000 messages, each once, in order. */
async function checkWalk(url: string, token: string) {
  const seen = new Set<string>();
  let lastId: string | undefined;
  let previousOldest = Number.POSITIVE_INFINITY;
  for (let n = 0; n < 1000; n++) {
    const page = await call<Page>(lastId ? `${url}?lastId=${lastId}` : url, { headers: bearer(token) });
    for (const m of page.messages) seen.add(m._id);
    const times = page.messages.map((m) => Date.parse(m.created_at));
    if (times.some((t, k) => k > 0 && t < times[k - 1]!) || (times.at(-1) ?? 0) >= previousOldest)
      throw new Error('the long conversation came out of order');
    previousOldest = times[0] ?? previousOldest;
    if (!page.has_more) break;
    lastId = page.messages[0]!._id;
  }
  if (seen.size !== CHAT_LOAD.longThread)
    throw new Error(`walking the long conversation gave ${seen.size} messages`);
}

/**
 * `clients` clients for `seconds` (after half a second unmeasured): with `walk`, each goes back page by page
 * by lastId to the oldest and starts again (only the pages by lastId are timed); else each asks the newest.
 */
async function pagesP95(
  url: string,
  token: string,
  walk: boolean,
  seconds: number,
  clients = CHAT_LOAD.pageClients,
) {
  const latencies: number[] = [];
  const warmUntil = performance.now() + 500;
  const until = warmUntil + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      let lastId: string | undefined;
      while (performance.now() < until) {
        const started = performance.now();
        const res = await fetch(lastId ? `${url}?lastId=${lastId}` : url, {
          headers: bearer(token),
          signal: AbortSignal.timeout(30_000),
        });
        const body = await res.arrayBuffer();
        const ms = performance.now() - started;
        if (!res.ok) throw new Error(`${url}: ${res.status}`);
        if (started >= warmUntil && (!walk || lastId !== undefined)) latencies.push(ms);
        if (!walk) continue;
        const page = JSON.parse(Buffer.from(body).toString('utf8')) as Page;
        lastId = page.has_more ? page.messages[0]?._id : undefined;
      }
    }),
  );
  return { p95: percentile(latencies, 95), count: latencies.length };
}

async function redisAnswers(url: string): Promise<boolean> {
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** The chat figures: one instance, two over Redis with the drop, then the long conversation's pages. */
export async function benchChat<S extends Started>(opts: ChatBenchOptions<S>): Promise<ChatResults> {
  const seconds = Math.max(2, opts.seconds);
  const common = { DATABASE_URL: opts.pgUrl, DATA_DIR: opts.dataDir, PUSHER_APP_ID: '' };
  const one = await opts.start({ ...common, REDIS_URL: '' }, PORTS[0]);
  let org: string;
  let staff: Person[];
  let conversations: Omit<Conversation, 'conns'>[];
  const nextSeq = Array.from({ length: CHAT_LOAD.conversations }, () => 0);
  let oneRun: ChatRun;
  try {
    org = (await call<{ _id: string }>(`${one.base}/organization/search?domain=localhost`))._id;
    staff = await Promise.all(STAFF.map((email) => logIn(one.base, org, email)));
    conversations = (
      await pooled(CHAT_LOAD.conversations, 8, (n) => patientWithConversation(one.base, org, n))
    ).map((p, index) => ({ index, ...p }));
    console.info(
      `chat: ${CHAT_LOAD.conversations} conversations of ${CHAT_LOAD.perConversation}, one message every ${CHAT_LOAD.intervalMs} ms each, one instance`,
    );
    oneRun = (await run(conversations, staff, org, [one.base], seconds, nextSeq)).run;
  } finally {
    await opts.stop(one);
  }

  let twoRun: ChatRun | undefined;
  let drop: ChatDrop | undefined;
  if (await redisAnswers(REDIS_URL)) {
    const shared = {
      ...common,
      REDIS_URL,
      REDIS_KEY_PREFIX: `bench-chat-${process.pid}-${Date.now().toString(36)}:`,
    };
    const started: S[] = [];
    try {
      // one after the other: each migrates and seeds on start
      for (const port of PORTS) started.push(await opts.start(shared, port));
      const bases = started.map((s) => s.base);
      console.info('chat: two instances over Redis, then a client of each conversation dropped for 10 s');
      const result = await run(
        conversations,
        staff,
        org,
        bases,
        seconds,
        nextSeq,
        dropAndRejoin(org, bases, nextSeq),
      );
      twoRun = result.run;
      drop = result.drop;
    } finally {
      for (const s of started) await opts.stop(s);
    }
  } else console.warn(`chat: Redis not reachable at ${REDIS_URL}: no two-instance figures`);

  // figure 4, on a quiet instance
  const quiet = await opts.start({ ...common, REDIS_URL: '' }, PORTS[0]);
  try {
    const long = await patientWithConversation(quiet.base, org, CHAT_LOAD.conversations);
    await seedLongThread(opts.pgUrl, long.cid, long.patient.id, staff[0]!.id);
    const url = `${quiet.base}/conversations/${org}/patient/${long.patient.id}/conversation/${long.cid}`;
    await checkWalk(url, long.patient.token);
    const t = Math.min(seconds, 3);
    const pages: ChatPages = [
      { name: 'first page, patient', ...(await pagesP95(url, long.patient.token, false, t)) },
      { name: 'each older page by lastId, patient', ...(await pagesP95(url, long.patient.token, true, t)) },
      { name: 'first page, care team', ...(await pagesP95(url, staff[0]!.token, false, t)) },
      { name: 'each older page by lastId, care team', ...(await pagesP95(url, staff[0]!.token, true, t)) },
    ];
    return { one: oneRun, two: twoRun, drop, pages };
  } finally {
    await opts.stop(quiet);
  }
}

const fmt = (n: number, d = 0) =>
  n.toLocaleString('en-US', { maximumFractionDigits: d, minimumFractionDigits: d });

function runFigures(group: string, r: ChatRun, p99Aim: number): Figure[] {
  return [
    {
      group,
      name: `delivered (${fmt(r.delivered)} of ${fmt(r.expected)})`,
      value: r.expected ? (100 * r.delivered) / r.expected : 0,
      unit: '%',
      digits: 2,
      aim: { atLeast: 100 },
    },
    {
      group,
      name: 'out of order, duplicated or echoed',
      value: r.outOfOrder + r.duplicates,
      unit: '',
      aim: { atMost: 0 },
    },
    { group, name: 'send calls failed', value: r.sendErrors, unit: '', aim: { atMost: 0 } },
    { group, name: 'send to receipt p99', value: r.p99, unit: 'ms', digits: 1, aim: { atMost: p99Aim } },
    { group, name: 'send to receipt p50', value: r.p50, unit: 'ms', digits: 1 },
    { group, name: 'send call (PUT) p99', value: r.sendP99, unit: 'ms', digits: 1 },
    { group, name: 'receiving process: longest event-loop delay', value: r.loopMaxMs, unit: 'ms', digits: 1 },
  ];
}

/** The chat's figures for the table, next to issue 13's aims. */
export function chatFigures(r: ChatResults): Figure[] {
  const load = (run: ChatRun) =>
    `${fmt(run.clients)} pusher-js clients, ${CHAT_LOAD.conversations} conversations of ${CHAT_LOAD.perConversation} each writing every ${CHAT_LOAD.intervalMs} ms: ${fmt(run.messages)} messages at ${fmt(run.sendRate)}/s`;
  const figures = runFigures(
    `Chat, one instance (PostgreSQL; ${load(r.one)})`,
    r.one,
    AIMS.chat.oneInstanceP99,
  );
  if (r.two)
    figures.push(
      ...runFigures(`Chat, two instances over Redis (${load(r.two)})`, r.two, AIMS.chat.twoInstancesP99),
    );
  if (r.drop) {
    const group = `Chat, ${r.drop.clients} clients dropped for ${CHAT_LOAD.dropSeconds} s, then rejoined and read (two instances)`;
    figures.push(
      {
        group,
        name: `missed (${fmt(r.drop.sentDuringPhase - r.drop.missed)} of ${fmt(r.drop.sentDuringPhase)} delivered)`,
        value: r.drop.missed,
        unit: '',
        aim: { atMost: 0 },
      },
      {
        group,
        name: `sent while away (found by reading again: ${fmt(r.drop.recoveredByRead)})`,
        value: r.drop.whileAway,
        unit: '',
      },
      {
        group,
        name: 'rejoin: channel joined and thread read, p95',
        value: r.drop.rejoinP95,
        unit: 'ms',
        digits: 1,
      },
    );
  }
  const group = `Conversation of ${fmt(CHAT_LOAD.longThread)} messages (PostgreSQL, ${CHAT_LOAD.pageClients} clients, p95)`;
  for (const p of r.pages)
    figures.push({
      group,
      name: p.name,
      value: p.p95,
      unit: 'ms',
      digits: 1,
      aim: { atMost: AIMS.chat.pagesP95 },
    });
  return figures;
}
