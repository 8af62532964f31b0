// Shows how far an export is on a terminal (one line rewritten in place); quiet lines elsewhere (logs, CI).

export interface Progress {
  update: (text: string) => void
  line: (text: string) => void
  done: () => void
}

/** `stream`: where to write, null for silence. */
export function createProgress(stream: NodeJS.WritableStream | null): Progress {
  const tty = Boolean(stream && (stream as { isTTY?: boolean }).isTTY)
  let open = false
  let lastPlain = ''
  return {
    /** A status that replaces the previous one (on a terminal); elsewhere printed only when it changes kind. */
    update(text: string) {
      if (!stream) return
      if (tty) {
        // One screen line: a status that wrapped could not be rewritten in place.
        const width = (stream as { columns?: number }).columns || 80
        stream.write(`\r\x1b[2K${text.length >= width ? `${text.slice(0, width - 2)}…` : text}`)
        open = true
        return
      }
      // Off a terminal, "Loading slides 3/107" ×107 would flood the log: keep one line per phase (the counts and
      // the list of slides still drawing change within a phase).
      const kind = text.replace(/\s*\(.*\)$/, '').replace(/\d+/g, '#')
      if (kind !== lastPlain) stream.write(`${text}\n`)
      lastPlain = kind
    },
    /** A line that stays. */
    line(text: string) {
      if (!stream) return
      if (open) stream.write('\r\x1b[2K')
      open = false
      stream.write(`${text}\n`)
    },
    done() {
      if (stream && open) stream.write('\r\x1b[2K')
      open = false
    },
  }
}
