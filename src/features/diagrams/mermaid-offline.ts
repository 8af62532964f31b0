// Stands in for mermaid in the one-file HTML export, whose diagrams arrive already drawn (render.ts's carried
// cache): a diagram it does not carry says so in its box instead of loading 3 MB of mermaid.
const offline = {
  initialize() {},
  async render(): Promise<{ svg: string; diagramType: string }> {
    throw new Error('This diagram was not drawn when the file was exported.')
  },
}

export default offline
