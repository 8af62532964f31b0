// One rule for the file names we write from a deck's words (its title, exportFilename, download): the recording's
// video in the browser and the export's files in Node.

/**
 * A name every file system takes: characters Windows or Unix refuse in a name (and the spaces around them) become
 * one `-`, white space is collapsed, leading dots and dashes go (no hidden files, no `..`). '' when nothing is left.
 */
export function safeFileName(name: string): string {
  return (
    name
      // eslint-disable-next-line no-control-regex -- file systems refuse control characters in names
      .replace(/\s*[\\/:*?"<>|\u0000-\u001f]+\s*/g, '-')
      .replace(/\s+/g, ' ')
      .replace(/^[.\s-]+|[\s-]+$/g, '')
  )
}
