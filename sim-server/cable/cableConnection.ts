// One dashboard's websocket: who it belongs to, what it subscribed to, and whether it keeps up. Broadcasts and
// history leave as pre-framed batches (wireFrames.ts), one write each; control frames go through ws.

import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { CableSession } from './broadcaster.ts';
import type { CapHolder } from './connectionCaps.ts';
import type { FlowState } from './flowControl.ts';
import type { CatchUpWatch } from './historyCatchUp.ts';
import type { WireBatch } from './wireFrames.ts';

/** One history being sent for one subscription; `watch` outlives a request that replaces it (historyReplay.ts). */
export type HistoryRun = { readonly watch: CatchUpWatch };

// Frames are pre-encoded Buffers shared by many sockets: send them as text, never copy or compress them.
const TEXT_FRAME = { binary: false, compress: false, fin: true } as const;

export class CableConnection implements FlowState {
  readonly socket: WebSocket;
  /** The TCP socket under the websocket, corked while a batch is written so that it leaves in one write. */
  private readonly transport: Socket;
  /** Null until the token is resolved; commands wait until then. */
  session: CableSession | null = null;
  /** Set while the connection counts against its user's and token's caps (connectionCaps.ts). */
  capHolder: CapHolder | null = null;
  /** Identifier string → organization id, keyed by the exact string the client sent, as ActionCable does. */
  readonly subscriptions = new Map<string, string>();
  overHighWaterSince: number | null = null;
  droppedFrames = 0;
  /** Set once the server has decided to end the connection, so nothing else is sent to it. */
  closing = false;
  /** Speaks the extended protocol: gets stream positions on broadcasts, may ask for history. */
  readonly extended: boolean;
  /** The extended protocol's session id, which a reconnect presents to restore its subscriptions. */
  readonly sid: string | null;
  /**
   * Extended protocol, per organization: the stream position this subscription has been sent up to, by history
   * or live. Nothing at or below it is sent again: not a live frame queued before a history read past it, not a
   * repeated history request (issue 34: one offset sent up to 9 times).
   */
  readonly sentThrough = new Map<string, number>();
  /**
   * Organizations that get no live frames for now: a restored session's until the client asks for its history, and
   * any while its history is being sent (what they would carry comes with it).
   */
  paused: Set<string> | null = null;
  /** The history being sent per organization, at most one; a newer request replaces it. */
  readonly historyRuns = new Map<string, HistoryRun>();

  constructor(socket: WebSocket, transport: Socket, sid: string | null = null) {
    this.socket = socket;
    this.transport = transport;
    this.sid = sid;
    this.extended = sid !== null;
  }

  get isOpen(): boolean {
    return !this.closing && this.socket.readyState === this.socket.OPEN;
  }

  send(frame: Buffer | string): void {
    this.socket.send(frame, TEXT_FRAME);
  }

  /**
   * Writes a batch of broadcast frames in one write to the TCP socket, behind whatever ws has queued, so order
   * holds; counted in `bufferedAmount` like ws's own writes.
   */
  sendBatch(batch: WireBatch): void {
    this.transport.write(batch.bytes);
  }

  /** Sends the disconnect frame, then the close handshake; ws destroys the socket if the client never answers. */
  disconnect(frame: string): void {
    if (this.closing) return;
    this.closing = true;
    if (this.socket.readyState !== this.socket.OPEN) return;
    this.send(frame);
    this.socket.close(1000);
  }
}
