/**
 * What a plain object holds under `key` itself, or undefined. A name from an address or a file
 * (`constructor`, `__proto__`, `toString`) must never reach a member every object inherits: it
 * was a 500 on `/img/constructor-400/x.jpg` (issue 42). Use it wherever a record is indexed by
 * a name that came from outside; a Map does the same for records built at run time.
 */
export function ownEntry<Value>(record: Readonly<Record<string, Value>>, key: string): Value | undefined {
  return Object.hasOwn(record, key) ? record[key] : undefined;
}
