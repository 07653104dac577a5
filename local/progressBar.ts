/** A one-line progress bar on a text stream; see {@link progressBar}. */
export type ProgressBar = {
  /** Shows `label done/total` with a bar; redraws in place on a terminal. */
  update(label: string, done: number, total: number): void
  /** Ends the line. */
  done(message: string): void
}

/**
 * A progress bar for `npm start`'s demo build. On a terminal it redraws one line; otherwise
 * (a pipe, a log file) it prints a line at every tenth of each phase.
 *
 * @example
 * ```ts
 * const bar = progressBar(process.stderr)
 * bar.update('emulating swaps', 300, 600) // "emulating swaps [##########..........]  300/600"
 * bar.done('demo market built in 41.2 s')
 * ```
 */
export function progressBar(stream: NodeJS.WriteStream): ProgressBar {
  const tty = stream.isTTY === true
  let lastTenth = -1
  let lastLabel = ''
  return {
    update(label, done, total) {
      const ratio = total === 0 ? 1 : Math.min(1, done / total)
      const filled = Math.round(ratio * 20)
      const line = `${label} [${'#'.repeat(filled)}${'.'.repeat(20 - filled)}] ${done}/${total}`
      if (tty) {
        stream.write(`\r${line}\u001b[K`)
        return
      }
      const tenth = Math.floor(ratio * 10)
      if (label === lastLabel && tenth === lastTenth) return
      lastLabel = label
      lastTenth = tenth
      stream.write(`${line}\n`)
    },
    done(message) {
      stream.write(tty ? `\r${message}\u001b[K\n` : `${message}\n`)
    },
  }
}
