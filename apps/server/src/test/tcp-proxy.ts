import net from 'node:net';

/**
 * A TCP proxy on a local port for the tests of several hosts and of a store that goes away (issue 42): each new
 * connection goes to the next of `targets` in turn (a round-robin load balancer), its bytes passed as they are.
 * `cutAfter(n)` makes it a store that dies mid-upload: once n more bytes have gone towards the targets, every
 * connection is reset and the port stops listening, until `listen()` opens it again.
 */
export interface TcpProxy {
  readonly port: number;
  /** The target index of each connection so far, in the order they came. */
  readonly served: number[];
  /** Which target the next connection goes to. */
  readonly next: number;
  /** Resolves once `bytes` more bytes have gone to the targets and the proxy has cut every connection. */
  cutAfter(bytes: number): Promise<void>;
  /** Resets every connection and stops listening now. */
  cut(): Promise<void>;
  /** Listens again on the same port (after a cut). */
  listen(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targets: number[], host = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const served: number[] = [];
  let next = 0;
  let server: net.Server | undefined;
  let port = 0;
  let armed: { left: number; done: () => void } | undefined;

  const kill = (socket: net.Socket) => (typeof socket.resetAndDestroy === 'function' ? socket.resetAndDestroy() : socket.destroy());

  async function cut() {
    for (const socket of sockets) kill(socket);
    sockets.clear();
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
    const done = armed?.done;
    armed = undefined;
    done?.();
  }

  function connection(client: net.Socket) {
    const index = next;
    next = (next + 1) % targets.length;
    served.push(index);
    const upstream = net.connect(targets[index], host);
    sockets.add(client);
    sockets.add(upstream);
    // Either side failing fails both; the target's answer ending ends the client's side gracefully (the pipe), and
    // a client gone takes its target connection with it.
    const fail = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', fail).on('close', () => {
      sockets.delete(client);
      upstream.destroy();
    });
    upstream.on('error', fail).on('close', () => {
      sockets.delete(upstream);
      if (!upstream.readableEnded) client.destroy();
    });
    client.on('data', (chunk: Buffer) => {
      if (armed) {
        armed.left -= chunk.length;
        if (armed.left <= 0) {
          // The store dies with this chunk half sent: what got through is the part of a body it never finishes.
          upstream.write(chunk.subarray(0, chunk.length + armed.left));
          void cut();
          return;
        }
      }
      if (!upstream.write(chunk)) {
        client.pause();
        upstream.once('drain', () => client.resume());
      }
    });
    client.on('end', () => upstream.end());
    upstream.pipe(client);
  }

  async function listen() {
    if (server) return;
    const s = net.createServer(connection);
    await new Promise<void>((resolve, reject) => {
      s.once('error', reject);
      s.listen(port, host, () => resolve());
    });
    port = (s.address() as net.AddressInfo).port;
    server = s;
  }

  await listen();
  return {
    get port() {
      return port;
    },
    served,
    get next() {
      return next;
    },
    cutAfter: (bytes) =>
      new Promise<void>((resolve) => {
        armed = { left: bytes, done: resolve };
      }),
    cut,
    listen,
    close: cut,
  };
}
