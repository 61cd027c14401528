import net from "node:net";
import { type ParsedMail, simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

/** A real SMTP server for tests (smtp-server), keeping each message it accepts, parsed (mailparser). */
export interface TestSmtpServer {
  url: string;
  port: number;
  received: ParsedMail[];
  /** The same messages as they came over the wire (what a DKIM verifier reads). */
  raw: Buffer[];
  /** Connections opened to it so far (a pooled sender opens one for many messages). */
  connections: () => number;
  /** Connections open now. */
  openConnections: () => number;
  close(): Promise<void>;
}

export interface TestSmtpOptions {
  /** Waits this long before answering "250 OK" to each message: a slow server, to stop a sender mid-batch. */
  acceptDelayMs?: number;
}

export async function startTestSmtpServer(port = 0, options: TestSmtpOptions = {}): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  const raw: Buffer[] = [];
  let connections = 0;
  let open = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    // No reverse DNS lookup of 127.0.0.1 per connection: a test's many connections stay quick.
    disableReverseLookup: true,
    logger: false,
    onConnect(_session, callback) {
      connections += 1;
      open += 1;
      callback();
    },
    onClose() {
      open -= 1;
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        const bytes = Buffer.concat(chunks);
        simpleParser(bytes).then(
          (mail) => {
            // Counted when taken (before the reply), as a real server has it once the data ended.
            received.push(mail);
            raw.push(bytes);
            if (options.acceptDelayMs) setTimeout(() => callback(), options.acceptDelayMs);
            else callback();
          },
          (error: Error) => callback(error),
        );
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = (server as unknown as { server: net.Server }).server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    port: address.port,
    received,
    raw,
    connections: () => connections,
    openConnections: () => open,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A server that accepts connections and never says a word: a mail server that hangs. */
export async function startSilentServer(): Promise<{ url: string; connections: () => number; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  let connections = 0;
  const server = net.createServer((socket) => {
    connections += 1;
    sockets.add(socket);
    socket.on("error", () => {});
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    connections: () => connections,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** A port nothing listens on (yet): connecting is refused. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
