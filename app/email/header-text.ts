/**
 * Text from outside (a visitor's name, a title, the brand) as it may stand in a mail header: one
 * printable line (issue 42). A mail client shows a subject holding a line break, a Unicode line
 * or paragraph separator, NEL, VT, FF or any other control as a new header line, and decodes an
 * RFC 2047 encoded word (`=?utf-8?q?x=0D=0ABcc:_evil@x?=`) into one; both could forge a line
 * such as `Bcc:` in what the studio reads. Controls and separators become a space, bidirectional
 * overrides (which reorder what is shown) go, runs of spaces become one, and `=?` / `?=` are
 * broken apart so no encoded word survives. Every header built from such text goes through this.
 */
export function plainHeaderText(value: string): string {
  return (
    value
      // C0 and C1 controls (CR, LF, VT, FF, NEL, DEL...), line and paragraph separators.
      .replace(/[\p{Cc}\p{Zl}\p{Zp}]+/gu, " ")
      // Bidirectional embeddings, overrides and isolates.
      .replace(/[\u202A-\u202E\u2066-\u2069]/gu, "")
      .replace(/=\?/g, "= ?")
      .replace(/\?=/g, "? =")
      .replace(/\s+/g, " ")
      .trim()
  );
}
