// Each check of `npm run test:deploy` (tests/test-deploy.ts), and stopping between them on Ctrl-C.
import { Failure } from "./http-client.ts";

// Set on Ctrl-C or SIGTERM: the next step stops the run, so everything started so far is
// stopped and the database dropped; exiting at once would leave nginx and the servers running.
let interrupted: NodeJS.Signals | undefined;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = signal;
    console.error(`Stopped by ${signal}; cleaning up.`);
  });
}

/** Runs one check and prints ok / not ok with its time; refuses to start after Ctrl-C. */
export async function step(name: string, run: () => Promise<void>) {
  if (interrupted) throw new Failure(`Stopped by ${interrupted} before: ${name}`);
  const started = performance.now();
  try {
    await run();
  } catch (error) {
    console.log(`not ok - ${name}`);
    throw error;
  }
  console.log(`ok - ${name} (${Math.round(performance.now() - started)} ms)`);
}
