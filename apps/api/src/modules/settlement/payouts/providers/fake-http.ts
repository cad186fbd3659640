import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request as a test's fake provider sees it. */
export type FakeRequest = {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
  body: string;
};
export type FakeReply = { status: number; body: unknown; delayMs?: number };

/**
 * A fake provider on an ephemeral port (tests only): each request is answered by `handle`; a
 * reply with `delayMs` is held that long (a test's timeout).
 */
export async function startFakeServer(handle: (req: FakeRequest) => FakeReply | Promise<FakeReply>) {
  const held = new Set<ServerResponse>();
  const server = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', 'http://fake');
    const reply = await handle({
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      body: Buffer.concat(chunks).toString('utf8'),
    });
    if (reply.delayMs) {
      held.add(res);
      await new Promise((r) => setTimeout(r, reply.delayMs));
      held.delete(res);
      if (res.destroyed) return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' });
    res.end(typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    async close() {
      for (const res of held) res.destroy();
      server.closeAllConnections();
      await new Promise((r) => server.close(r));
    },
  };
}
