// How much of a stuck connection the kernel holds: its TCP send buffer, which `bufferedAmount` does not show (it
// counts only what ws and Node have not handed to the kernel yet). Linux grows a socket's send buffer up to the
// third figure of net.ipv4.tcp_wmem (4 MiB by default); the cable's default limits leave that much of a stuck
// connection's budget to the kernel (flowControl.ts).
import { readFileSync } from 'node:fs';

const LINUX_DEFAULT_MAX_BYTES = 4 * 1024 * 1024;

let known: number | null = null;

/** The most the kernel buffers for one TCP socket's unsent data: tcp_wmem's maximum, or Linux's default. */
export function kernelSendBufferBytes(): number {
  if (known !== null) return known;
  try {
    const max = Number(readFileSync('/proc/sys/net/ipv4/tcp_wmem', 'utf8').trim().split(/\s+/)[2]);
    known = Number.isFinite(max) && max > 0 ? max : LINUX_DEFAULT_MAX_BYTES;
  } catch {
    known = LINUX_DEFAULT_MAX_BYTES;
  }
  return known;
}
