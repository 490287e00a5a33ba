// One dashboard's websocket: who it belongs to, what it subscribed to, and whether it keeps up.

import type { Socket } from 'node:net';
import type { WebSocket } from 'ws';
import type { CableSession } from './broadcaster.ts';
import type { FlowState } from './flowControl.ts';

// Frames are pre-encoded Buffers shared by many sockets: send them as text, never copy or compress them.
const TEXT_FRAME = { binary: false, compress: false, fin: true } as const;

export class CableConnection implements FlowState {
  readonly socket: WebSocket;
  /** The TCP socket under the websocket, corked while a batch is written so that it leaves in one write. */
  private readonly transport: Socket;
  /** Null until the token is resolved; commands wait until then. */
  session: CableSession | null = null;
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
   * Per organization, the last offset already sent from history: live frames up to it were queued before the
   * history was read and would arrive twice. Null until a history is served.
   */
  floors: Map<string, number> | null = null;
  /**
   * Organizations that get no live frames for now: a restored session's until the client asks for its history, and
   * any while its history is being sent (what they would carry comes with it).
   */
  paused: Set<string> | null = null;
  /** The history being sent per organization; a newer request replaces it. */
  historyRuns: Map<string, object> | null = null;

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

  /** Runs `write` with the TCP socket corked: still one websocket message per frame, but one write per batch. */
  batch(write: () => void): void {
    this.transport.cork();
    try {
      write();
    } finally {
      this.transport.uncork();
    }
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
