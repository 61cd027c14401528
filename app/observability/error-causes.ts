/**
 * Whether `test` holds for `error`, an error in its `cause` chain, or a member of an
 * AggregateError: drivers and libraries wrap the error that says what happened (drizzle wraps
 * pg's, better-auth wraps drizzle's; pg reports its IPv4 and IPv6 tries as one AggregateError).
 */
export function someCause(error: unknown, test: (candidate: object) => boolean): boolean {
  const seen = new Set<unknown>();
  const queue: unknown[] = [error];
  while (queue.length > 0) {
    const candidate = queue.shift();
    if (!candidate || typeof candidate !== "object" || seen.has(candidate)) continue;
    seen.add(candidate);
    if (test(candidate)) return true;
    queue.push((candidate as { cause?: unknown }).cause);
    if (candidate instanceof AggregateError) queue.push(...candidate.errors);
  }
  return false;
}
