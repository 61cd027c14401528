/** Attempts before giving up and letting the viewer show its failure (two minutes at 5 s). */
const MAX_ATTEMPTS = 24;

/**
 * Fetches a zoom descriptor until the server has it: a pyramid being built, or a busy image
 * encoder, answers 503 with Retry-After (decision 026), and the page keeps "Preparing the zoom"
 * meanwhile instead of failing. The answer is cached (immutable), so the viewer's own request
 * for it is then free. Resolves either way; the viewer reports a real failure.
 */
export async function waitForDescriptor(url: string, signal: AbortSignal): Promise<void> {
  for (let attempt = 1; attempt <= MAX_ATTEMPTS && !signal.aborted; attempt++) {
    let response: Response;
    try {
      response = await fetch(url, { signal });
    } catch {
      return;
    }
    await response.body?.cancel();
    if (response.status !== 503) return;
    const seconds = Number(response.headers.get("retry-after"));
    const wait = Math.min(30, Math.max(0.25, Number.isFinite(seconds) ? seconds : 5));
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
  }
}
