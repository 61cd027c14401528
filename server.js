// `node server.js`: the production server, kept as the start command deployments already use.
// The entry itself is TypeScript (server/main.ts), built to build/server/main.js by
// `npm run build`; `npm run dev` runs it from source.
await import("./build/server/main.js");
