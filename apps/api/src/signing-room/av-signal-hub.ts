import { randomUUID } from "node:crypto";
import type { AvServerMessage } from "@signet/contract";
import type { AvPeer } from "@signet/core";
import type { WebSocket } from "ws";

/** Close codes the room understands (4000–4999 are the application's own). */
export const AV_CLOSE = {
  /** the same participant connected again elsewhere (another tab): the older socket yields */
  replaced: 4001,
  /** the session ended or completed */
  sessionOver: 4002,
  /** too many invalid messages */
  abusive: 4003,
} as const;

export interface PublicPeer {
  id: string;
  name: string;
  isHost: boolean;
}

/** A participant connected to a package's room, through one connection of one process. */
export interface AvPresence extends PublicPeer {
  connection: string;
}

/** What happens in a package's room, told to every process: each delivers it to the sockets it holds. */
export type AvRoomEvent =
  | { kind: "joined"; packageId: string; peer: PublicPeer; connection: string }
  | { kind: "left"; packageId: string; peer: PublicPeer }
  | { kind: "to"; packageId: string; participantId: string; message: AvServerMessage }
  | { kind: "all"; packageId: string; message: AvServerMessage; except?: string }
  | { kind: "close"; packageId: string; status: "ENDED" | "COMPLETED" };

/**
 * Where the rooms' presence is kept and their events travel: this process's memory when it is the
 * only one serving the signing origin, or Redis when several are (av-signal-redis.ts).
 */
export interface AvSignalBus {
  /** records the participant as connected through `presence.connection`, replacing an older one */
  enter(packageId: string, presence: AvPresence): Promise<void>;
  /** forgets the participant if `connection` is still theirs; whether it was */
  exit(packageId: string, participantId: string, connection: string): Promise<boolean>;
  members(packageId: string): Promise<AvPresence[]>;
  clear(packageId: string): Promise<void>;
  /** reaches every process's handler, this one's included, in the order this process published */
  publish(event: AvRoomEvent): Promise<void>;
  subscribe(handler: (event: AvRoomEvent) => void): void;
  close(): Promise<void>;
}

/** One process alone: presence and events stay in memory. */
export function memoryAvSignalBus(): AvSignalBus {
  const rooms = new Map<string, Map<string, AvPresence>>();
  const handlers: ((event: AvRoomEvent) => void)[] = [];
  return {
    async enter(packageId, presence) {
      const room = rooms.get(packageId) ?? new Map<string, AvPresence>();
      rooms.set(packageId, room);
      room.set(presence.id, presence);
    },
    async exit(packageId, participantId, connection) {
      const room = rooms.get(packageId);
      if (room?.get(participantId)?.connection !== connection) return false;
      room.delete(participantId);
      if (room.size === 0) rooms.delete(packageId);
      return true;
    },
    async members(packageId) {
      return [...(rooms.get(packageId)?.values() ?? [])];
    },
    async clear(packageId) {
      rooms.delete(packageId);
    },
    async publish(event) {
      for (const handler of handlers) handler(event);
    },
    subscribe(handler) {
      handlers.push(handler);
    },
    async close() {
      rooms.clear();
    },
  };
}

interface Member {
  peer: AvPeer;
  socket: WebSocket;
  connection: string;
}

/**
 * Who is connected to which package's live session. Relays WebRTC signalling between named peers
 * and broadcasts what everybody must see (the view, presence, the end). A socket lives in the
 * process that accepted it; presence and every message go through the bus, so a host on one
 * process and a signer on another hear each other without sticky sessions.
 */
export class AvSignalHub {
  /** the sockets this process holds, by package and participant */
  private readonly local = new Map<string, Map<string, Member>>();
  private readonly process = randomUUID();
  private connections = 0;

  constructor(private readonly bus: AvSignalBus) {
    bus.subscribe((event) => this.deliver(event));
  }

  async online(packageId: string): Promise<Set<string>> {
    return new Set((await this.bus.members(packageId)).map((member) => member.id));
  }

  async present(packageId: string): Promise<PublicPeer[]> {
    return (await this.bus.members(packageId)).map(({ id, name, isHost }) => ({ id, name, isHost }));
  }

  async join(peer: AvPeer, socket: WebSocket): Promise<void> {
    const connection = `${this.process}:${++this.connections}`;
    const room = this.local.get(peer.packageId) ?? new Map<string, Member>();
    this.local.set(peer.packageId, room);
    const previous = room.get(peer.participantId);
    // a member from now on: its messages are accepted while the others are told
    room.set(peer.participantId, { peer, socket, connection });
    if (previous && previous.socket !== socket) previous.socket.close(AV_CLOSE.replaced, "Connected elsewhere");
    await this.bus.enter(peer.packageId, { ...publicPeer(peer), connection });
    await this.bus.publish({ kind: "joined", packageId: peer.packageId, peer: publicPeer(peer), connection });
  }

  async leave(peer: AvPeer, socket: WebSocket): Promise<void> {
    const room = this.local.get(peer.packageId);
    const member = room?.get(peer.participantId);
    // a replaced socket closing must not remove its successor
    if (!room || !member || member.socket !== socket) return;
    room.delete(peer.participantId);
    if (room.size === 0) this.local.delete(peer.packageId);
    if (await this.bus.exit(peer.packageId, peer.participantId, member.connection)) {
      await this.bus.publish({ kind: "left", packageId: peer.packageId, peer: publicPeer(peer) });
    }
  }

  /** Whether this socket is the participant's current connection to the package's room. */
  isMember(peer: AvPeer, socket: WebSocket): boolean {
    return this.local.get(peer.packageId)?.get(peer.participantId)?.socket === socket;
  }

  async sendTo(packageId: string, participantId: string, message: AvServerMessage): Promise<boolean> {
    if (!(await this.bus.members(packageId)).some((member) => member.id === participantId)) return false;
    await this.bus.publish({ kind: "to", packageId, participantId, message });
    return true;
  }

  async broadcast(packageId: string, message: AvServerMessage, exceptParticipantId?: string): Promise<void> {
    await this.bus.publish({
      kind: "all",
      packageId,
      message,
      ...(exceptParticipantId ? { except: exceptParticipantId } : {}),
    });
  }

  /** The session is over: tell everybody, on every process, and hang up. */
  async close(packageId: string, status: "ENDED" | "COMPLETED"): Promise<void> {
    await this.bus.clear(packageId);
    await this.bus.publish({ kind: "close", packageId, status });
  }

  /** This process stops: its sockets are dropped and their presence withdrawn. */
  async closeAll(): Promise<void> {
    const members = [...this.local].flatMap(([packageId, room]) =>
      [...room.values()].map((member) => ({ packageId, member })),
    );
    this.local.clear();
    for (const { member } of members) member.socket.terminate();
    for (const { packageId, member } of members) {
      if (await this.bus.exit(packageId, member.peer.participantId, member.connection).catch(() => false)) {
        await this.bus.publish({ kind: "left", packageId, peer: publicPeer(member.peer) }).catch(() => undefined);
      }
    }
    await this.bus.close();
  }

  private deliver(event: AvRoomEvent): void {
    const room = this.local.get(event.packageId);
    if (!room) return;
    switch (event.kind) {
      case "joined":
        for (const [participantId, member] of room) {
          if (participantId !== event.peer.id) send(member.socket, { type: "joined", peer: event.peer });
          else if (member.connection !== event.connection) {
            // the participant connected again through another process: this older socket yields
            room.delete(participantId);
            member.socket.close(AV_CLOSE.replaced, "Connected elsewhere");
          }
        }
        return;
      case "left":
        for (const [participantId, member] of room) {
          if (participantId !== event.peer.id) send(member.socket, { type: "left", peer: event.peer });
        }
        return;
      case "to": {
        const member = room.get(event.participantId);
        if (member) send(member.socket, event.message);
        return;
      }
      case "all":
        for (const [participantId, member] of room) {
          if (participantId !== event.except) send(member.socket, event.message);
        }
        return;
      case "close":
        this.local.delete(event.packageId);
        for (const member of room.values()) {
          send(member.socket, { type: "session", status: event.status });
          member.socket.close(AV_CLOSE.sessionOver, "Session over");
        }
        return;
    }
  }
}

const publicPeer = (peer: AvPeer): PublicPeer => ({ id: peer.participantId, name: peer.name, isHost: peer.isHost });

export function send(socket: WebSocket, message: AvServerMessage): void {
  // 1 = OPEN; a socket closing meanwhile simply misses the message
  if (socket.readyState === 1) socket.send(JSON.stringify(message));
}
