// Where phones on the network reach this server: the address a pairing QR code carries.
import { networkInterfaces } from 'node:os'

const isLoopback = (host: string) => /^(127\.|localhost$|::1$|\[::1\]$)/.test(host)

/** The address phones on the network reach this server at: the LAN IPv4 when bound to every interface. */
export function lanAddress(host: string, port: number, interfaces: Record<string, { family: string; address: string; internal: boolean }[] | undefined> = networkInterfaces()): { origin: string; reachable: boolean } {
  let address = host
  if (host === '0.0.0.0' || host === '::' || host === '') {
    const lan = Object.values(interfaces).flat().find((i) => i && i.family === 'IPv4' && !i.internal)
    address = lan?.address ?? '127.0.0.1'
  }
  const shown = address.includes(':') && !address.startsWith('[') ? `[${address}]` : address
  return { origin: `http://${shown}:${port}`, reachable: !isLoopback(address) }
}
