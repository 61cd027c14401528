import type { RawRequest } from "./raw-http.ts";

/**
 * Deterministic malformed requests for every route of the site: the same seed gives the same
 * requests, so a failure printed by tests/attack-input.spec.ts can be replayed exactly.
 */

/** mulberry32: small, fast and good enough to pick test input. */
export function seededRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  return { next, pick, chance: (p: number) => next() < p };
}
type Random = ReturnType<typeof seededRandom>;

const cursorOf = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");

/** Query and form values that have broken servers: bounds, encodings, odd unicode, NUL. */
const hostileValues = [
  "",
  "%00",
  "a%00b",
  "%E0%A4%A",
  "%",
  "%%",
  "%FF%FE",
  "%C0%AF",
  "%F0%9F%92%A9",
  "2147483648",
  "-1",
  "0",
  "1e309",
  "NaN",
  "Infinity",
  "9".repeat(400),
  "x".repeat(5000),
  "%D8%3D",
  "%ED%A0%80",
  "%E2%80%AE%E2%80%8Bzero-width",
  "%EF%BF%BF",
  "[]",
  "{}",
  "__proto__",
  "constructor",
  "<script>alert(1)</script>",
  "'%20OR%201=1--",
  "a:*&|!()",
  "%5Cu0000",
  "..%2F..%2Fetc%2Fpasswd",
];

const hostileCursors = [
  cursorOf(["0000-01-01T00:00:00Z", 1]),
  cursorOf(["0000-01-01T00:00:00.000Z", 2147483647]),
  cursorOf(["2024-01-01T00:00:00Z", 2147483648]),
  Buffer.from('["2024-01-01T00:00:00Z",9007199254740993]').toString("base64url"),
  cursorOf(["2024-01-01T00:00:00Z", 1e308]),
  cursorOf(["2024-01-01T00:00:00Z", -1]),
  cursorOf(["2024-01-01T00:00:00Z", 0]),
  cursorOf(["2024-01-01T00:00:00Z", 1.5]),
  cursorOf(["9999-12-31T23:59:59.999Z", 1]),
  cursorOf(["2024-02-31T00:00:00Z", 1]),
  cursorOf(["2024-01-01T24:00:00Z", 1]),
  cursorOf(["+275760-09-13T00:00:00.000Z", 1]),
  cursorOf(["2024-01-01T00:00:00Z"]),
  cursorOf({ createdAt: "2024-01-01T00:00:00Z", id: 1 }),
  cursorOf(null),
  cursorOf("x".repeat(150)),
  "not-base64-!!",
  "%E0%A4%A",
  "%00",
  "eyJ",
  "W10",
  "x".repeat(199),
  "x".repeat(201),
];

const lastEventIds = ["", "-1", "abc", "1e3", "99999999999999999999", "1".repeat(16), "0x10", " 5", "%00", "\u00e9"];

const cookies = [
  "",
  "=",
  ";;;",
  "a",
  "better-auth.session_token=",
  "better-auth.session_token=%E0%A4%A",
  "better-auth.session_token=abc.def",
  `better-auth.session_token=${"x".repeat(3000)}`,
  "better-auth.session_token=a; better-auth.session_token=b",
  "__Secure-better-auth.session_token=forged.signature",
  "better-auth.two_factor=%00",
  "umbra-second-factor=%FF",
  `${"k".repeat(100)}=${"v".repeat(100)}`,
];

// Header values are latin1 on the wire; these are UTF-8 bytes read as latin1 (odd unicode).
const weirdHeaderText = ["", " ", "\t", "null", "\u00c3\u00a9", "\u00e2\u0080\u00ae", "\u00ff".repeat(300)];

const pagePaths = [
  "/",
  "/about",
  "/art",
  "/art/the-source-of-novelty",
  "/art/%E0%A4%A",
  "/art/..%2F..%2Fetc",
  "/articles",
  "/articles/unknown",
  "/interviews",
  "/interviews/%00",
  "/contact",
  "/cv",
  "/prices",
  "/merch",
  "/exhibitions/art-basel-miami-2023",
  "/quotes",
  "/reset-password",
  "/admin/quotes",
  "/admin/security",
  "/nowhere/deep/%E0%A4%A",
  "/sitemap.xml",
  "/robots.txt",
  "/healthz",
  "/readyz",
  "/favicon.ico",
  "/assets/%E0%A4%A.js",
  "/assets/missing.js",
  "/img/artworks-640/the-source-of-novelty.avif",
  "/img/artworks-99999999999/the-source-of-novelty.avif",
  "/img/%E0%A4%A/x.png",
  "/img/artworks-640/%00.webp",
  "/img/../../etc/passwd",
  "/quotes.data",
  "/admin/quotes.data",
  "/_root.data",
  "/__manifest",
  "/api/quotes",
  "/api/admin/quotes",
  "/api/admin/quotes/1",
  "/api/admin/quotes/2147483648",
  "/api/admin/quotes/-1",
  "/api/admin/quotes/%E0%A4%A",
  "/api/admin/quotes/events",
  "/enquire",
  "/enquire?subject=work&ref=%00",
  "/api/enquiries",
  "//evil.example/",
  "/%2F%2Fevil.example/",
  "/\\evil.example/",
  "///evil/",
  "/%E0%A4%A/",
];

const formPaths = [
  "/admin/quotes",
  "/admin/security",
  "/reset-password",
  "/admin/quotes.data",
  "/reset-password.data",
  "/enquire",
  "/api/enquiries",
];
const jsonPaths = ["/api/admin/quotes", "/api/admin/quotes/1", "/api/admin/quotes/2147483648", "/api/admin/quotes/x"];
// No "sign-out": it would end the signed-in slice's session and leave later requests at the login.
const intents = [
  "login",
  "verify-code",
  "cancel-code",
  "request",
  "enrol",
  "confirm",
  "remove",
  "backup-codes",
  "",
  "LOGIN",
  "%00",
  "x".repeat(2000),
];
const methods = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
const contentTypes = [
  "application/x-www-form-urlencoded",
  "application/x-www-form-urlencoded; charset=utf-16",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "multipart/form-data; boundary=XYZ",
  "application/json",
  "application/json; charset=latin1",
  "text/plain",
  "application/xml",
  "application/octet-stream",
  "image/png",
  "*/*",
  "form-data",
  ";;;",
];

function query(random: Random, path: string): string {
  const keys = path.startsWith("/art")
    ? ["q", "chain", "series", "availability", "sort", "page"]
    : ["q", "cursor", "limit", "filter", "token", "reset", "lastEventId", "_routes", "index", "p", "version"];
  const parts: string[] = [];
  const count = 1 + Math.floor(random.next() * 3);
  for (let i = 0; i < count; i++) {
    const key = random.pick(keys);
    const value = key === "cursor" && random.chance(0.7) ? random.pick(hostileCursors) : random.pick(hostileValues);
    parts.push(random.chance(0.05) ? value : `${key}=${value}`);
  }
  if (random.chance(0.1)) parts.push(random.pick(["%E0%A4%A=1", "=", "&&", "a[b]=c", "cursor=a&cursor=b"]));
  return parts.join("&");
}

function formBody(random: Random): string {
  const fields: [string, string][] = [["intent", random.pick(intents)]];
  const names = ["email", "password", "code", "token", "confirm", "name"];
  for (const name of names) {
    if (random.chance(0.5)) fields.push([name, random.pick(hostileValues)]);
  }
  // Values are already percent-encoded (some badly, on purpose): join them as they are.
  let body = fields.map(([k, v]) => `${k}=${v}`).join("&");
  if (random.chance(0.2)) body += random.pick(["&", "&=", "&%", "&email=%E0%A4%A", "&email=a%00b@x.test"]);
  return body;
}

function multipartBody(random: Random, boundary: string): string {
  const part = (name: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const full = `${part("intent", random.pick(intents))}${part("email", `a\u0000b@x.test`)}${part("password", random.pick(hostileValues))}--${boundary}--\r\n`;
  const shapes = [
    full,
    full.slice(0, Math.floor(random.next() * full.length)),
    `--${boundary}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data\r\n\r\nno name\r\n--${boundary}--\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="../../x"\r\nContent-Type: text/plain\r\n\r\n${"z".repeat(2000)}\r\n--${boundary}--\r\n`,
    "",
    "garbage without boundaries",
  ];
  return random.pick(shapes);
}

function jsonBody(random: Random): string {
  return random.pick([
    "",
    "{",
    '{"ids":[1,2',
    "null",
    "[]",
    '"\\u0000"',
    "{}",
    '{"includeInSearch":"yes"}',
    '{"includeInSearch":true,"extra":1}',
    '{"ids":[2147483648],"includeInSearch":true}',
    '{"ids":[1e400],"includeInSearch":false}',
    '{"ids":[-1,0,1.5],"includeInSearch":true}',
    '{"ids":[],"includeInSearch":true}',
    `{"ids":[${Array.from({ length: 6000 }, (_, i) => i + 1).join(",")}],"includeInSearch":true}`,
    '{"__proto__":{"includeInSearch":true},"includeInSearch":true}',
    `${"[".repeat(5000)}${"]".repeat(5000)}`,
    "\u00ff\u00fe{}",
    '{"ids":[1],"includeInSearch":true}',
    '{"includeInSearch":false}',
  ]);
}

export interface MalformedRequest extends RawRequest {
  /** Which slice made it, for the failure report. */
  kind: string;
}

/**
 * `count` malformed requests. Half carry `origin` (so origin checks pass and bodies reach the
 * actions), half none; `cookie`, when given, signs them in (and is sometimes mangled).
 */
export function malformedRequests(options: {
  seed: number;
  count: number;
  origin: string;
  cookie?: string;
}): MalformedRequest[] {
  const random = seededRandom(options.seed);
  const requests: MalformedRequest[] = [];
  for (let i = 0; i < options.count; i++) {
    const headers: Record<string, string> = {};
    if (i % 2 === 0) headers.Origin = options.origin;
    else if (random.chance(0.2)) headers.Origin = random.pick(["null", "http://evil.example", "%00", ""]);
    if (options.cookie)
      headers.Cookie = random.chance(0.85) ? options.cookie : `${options.cookie}; ${random.pick(cookies)}`;
    else if (random.chance(0.3)) headers.Cookie = random.pick(cookies);
    if (random.chance(0.15)) headers["Last-Event-ID"] = random.pick(lastEventIds);
    if (random.chance(0.1)) headers.Accept = random.pick(["application/json", "text/event-stream", ...weirdHeaderText]);
    if (random.chance(0.05)) headers["Accept-Encoding"] = random.pick(["br;q=abc", "*", ...weirdHeaderText]);
    if (random.chance(0.05)) headers["If-None-Match"] = random.pick(['"', "*", ...weirdHeaderText]);
    if (random.chance(0.05)) headers.Range = random.pick(["bytes=abc", "bytes=999999999-", "bytes=-0"]);
    if (random.chance(0.05)) headers["X-Forwarded-For"] = random.pick(["%00", "1.1.1.1, ::1, x", ...weirdHeaderText]);
    if (random.chance(0.03)) headers["X-Forwarded-Proto"] = random.pick(["https", "gopher", "\u00ff"]);
    if (random.chance(0.03))
      headers.Host = random.pick(["evil.example", "a b", "[", "%00", "127.0.0.1:99999", "x".repeat(300), "\u00ff"]);
    if (random.chance(0.03)) headers["Sec-Fetch-Site"] = random.pick(["same-origin", "cross-site", "\u00ff"]);

    const slice = random.next();
    let kind: string;
    let method: string;
    let path: string;
    let body: string | undefined;
    if (slice < 0.4) {
      kind = "form";
      method = random.chance(0.8) ? "POST" : random.pick(methods);
      path = random.pick(formPaths);
      const type = random.pick(contentTypes);
      const boundary = random.pick(["XYZ", "----x", "a".repeat(80)]);
      if (type.startsWith("multipart/form-data")) {
        headers["Content-Type"] = type === "multipart/form-data" ? `${type}; boundary=${boundary}` : type;
        body = multipartBody(random, type.includes("boundary=XYZ") ? "XYZ" : boundary);
      } else if (type.startsWith("application/json")) {
        headers["Content-Type"] = type;
        body = jsonBody(random);
      } else {
        if (random.chance(0.9)) headers["Content-Type"] = type;
        body = random.chance(0.15) ? "" : formBody(random);
      }
    } else if (slice < 0.6) {
      kind = "json";
      method = random.pick(["PATCH", "PATCH", "PATCH", "GET", "POST", "PUT", "DELETE", "OPTIONS", "HEAD"]);
      path = random.pick(jsonPaths);
      if (random.chance(0.9)) headers["Content-Type"] = random.pick(contentTypes);
      body = random.chance(0.8) ? jsonBody(random) : formBody(random);
    } else {
      kind = "query";
      method = random.chance(0.6) ? "GET" : random.pick(methods);
      const base = random.pick(pagePaths);
      path = random.chance(0.7) ? `${base}?${query(random, base)}` : base;
      if (method !== "GET" && method !== "HEAD" && random.chance(0.5)) {
        headers["Content-Type"] = random.pick(contentTypes);
        body = random.chance(0.5) ? jsonBody(random) : formBody(random);
      }
    }
    if (method === "GET" || method === "HEAD") body = undefined;
    requests.push({ kind, method, path, headers, body });
  }
  return requests;
}

/** One line per request, enough to replay it with curl. */
export function describeRequest(request: RawRequest): string {
  const headers = Object.entries(request.headers ?? {})
    .map(([name, value]) => `${name}: ${JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value)}`)
    .join(", ");
  const body =
    request.body === undefined
      ? ""
      : ` body(${request.body.length})=${JSON.stringify(String(request.body).slice(0, 200))}`;
  return `${request.method} ${request.path.length > 200 ? `${request.path.slice(0, 200)}…` : request.path} [${headers}]${body}`;
}
