// Stands in for the Monaco editor in the one-file HTML export (its workers cannot come with one file): a Monaco
// block there shows its code highlighted at build time, as print does, instead of carrying megabytes of editor.
export const ready: Promise<void> = Promise.reject(new Error('The one-file export shows Monaco blocks as code.'))
ready.catch(() => {})
