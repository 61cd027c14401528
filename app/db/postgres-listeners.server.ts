import pg from "pg";
import type { ListenHandlers, PostgresTimeouts, Unlisten } from "./database.server.ts";

/**
 * Connection settings for the pool and the LISTEN connection: a connection attempt and a query
 * each give up after their timeout (pg's query_timeout ends the wait on the client side, so it
 * also works when the server or the network is silent), and TCP keepalive probes idle ones.
 */
export function connectionSettings(databaseUrl: string, timeouts: PostgresTimeouts): pg.ClientConfig {
  return {
    connectionString: databaseUrl,
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: 10_000,
  };
}

/**
 * One dedicated connection per process for LISTEN (a pooled connection would be handed to other
 * queries). It reconnects after a drop and tells subscribers they may have missed notifications.
 */
export class PostgresListeners {
  private client: pg.Client | undefined;
  private connecting: Promise<pg.Client> | undefined;
  private readonly subscriptions = new Map<string, Set<ListenHandlers>>();
  private closed = false;
  private retryTimer: NodeJS.Timeout | undefined;
  private checkTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly databaseUrl: string,
    private readonly timeouts: PostgresTimeouts,
  ) {}

  async listen(channel: string, handlers: ListenHandlers): Promise<Unlisten> {
    const client = await this.connection();
    let set = this.subscriptions.get(channel);
    if (!set) {
      set = new Set();
      this.subscriptions.set(channel, set);
      await client.query(`LISTEN "${channel}"`);
    }
    set.add(handlers);
    return async () => {
      const current = this.subscriptions.get(channel);
      if (!current) return;
      current.delete(handlers);
      if (current.size === 0) {
        this.subscriptions.delete(channel);
        await this.client?.query(`UNLISTEN "${channel}"`).catch(() => {});
      }
    };
  }

  private connection(): Promise<pg.Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.connect().finally(() => {
      this.connecting = undefined;
    });
    return this.connecting;
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client(connectionSettings(this.databaseUrl, this.timeouts));
    client.on("notification", (message) => {
      for (const handlers of this.subscriptions.get(message.channel) ?? []) handlers.onPayload(message.payload ?? "");
    });
    client.on("error", () => this.dropped(client));
    client.on("end", () => this.dropped(client));
    await client.connect();
    try {
      for (const channel of this.subscriptions.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.client = client;
    this.watch(client);
    return client;
  }

  /**
   * A LISTEN connection only receives, so one the network silently dropped would never notice;
   * a small query now and then does, and the connection is replaced (with its gap) when it fails.
   */
  private watch(client: pg.Client) {
    clearInterval(this.checkTimer);
    this.checkTimer = setInterval(() => {
      if (this.client !== client) return;
      client.query("select 1").catch(() => {
        this.dropped(client);
        client.end().catch(() => {});
      });
    }, this.timeouts.listenCheckMs);
    this.checkTimer.unref();
  }

  private dropped(client: pg.Client) {
    if (this.client !== client) return;
    this.client = undefined;
    clearInterval(this.checkTimer);
    if (this.closed) return;
    for (const set of this.subscriptions.values()) for (const handlers of set) handlers.onDrop?.();
    const retry = () => {
      this.retryTimer = undefined;
      if (this.closed) return;
      this.connection().then(
        () => {
          for (const set of this.subscriptions.values()) for (const handlers of set) handlers.onGap?.();
        },
        () => {
          this.retryTimer = setTimeout(retry, 1_000);
        },
      );
    };
    this.retryTimer = setTimeout(retry, 200);
  }

  async close() {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    clearInterval(this.checkTimer);
    const client = this.client;
    this.client = undefined;
    this.subscriptions.clear();
    await client?.end().catch(() => {});
  }
}
