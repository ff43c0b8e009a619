// Local TCP relays that hold every chunk for a one-way delay (a network's latency, not its bandwidth), run
// as a process of their own by doctorAllBench.ts so their timers do not share the measured event loop.
// `node --import tsx test/bench/slowRelay.ts <port>:<delayMs> ...` prints one "relay <port> <ownPort>" line each.
import { createConnection, createServer, type Socket } from 'node:net';

export async function slowRelay(port: number, delayMs: number): Promise<number> {
  const server = createServer((client) => {
    const upstream = createConnection({ host: '127.0.0.1', port });
    for (const s of [client, upstream]) s.on('error', () => undefined);
    const relay = (from: Socket, to: Socket) => from.on('data', (chunk: Buffer) => setTimeout(() => to.write(chunk), delayMs));
    relay(client, upstream);
    relay(upstream, client);
    client.on('close', () => setTimeout(() => upstream.destroy(), delayMs));
    upstream.on('close', () => setTimeout(() => client.destroy(), delayMs));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return (server.address() as { port: number }).port;
}

if (require.main === module) {
  void (async () => {
    for (const spec of process.argv.slice(2)) {
      const [port, delay] = spec.split(':').map(Number);
      console.log(`relay ${port} ${await slowRelay(port, delay)}`);
    }
  })();
}
