import type { AvServerMessage } from "@signet/contract";
import type { AvPeer } from "@signet/core";
import type { WebSocket } from "ws";

interface Member {
  peer: AvPeer;
  socket: WebSocket;
}

/** Close codes the room understands (4000–4999 are the application's own). */
export const AV_CLOSE = {
  /** the same participant connected again elsewhere (another tab): the older socket yields */
  replaced: 4001,
  /** the session ended or completed */
  sessionOver: 4002,
  /** too many invalid messages */
  abusive: 4003,
} as const;

/**
 * Who is connected to which package's live session, in this process. Relays WebRTC signalling
 * between named peers and broadcasts what everybody must see (the view, presence, the end).
 * One process serves the signing origin, so the rooms live in memory; a deployment with several
 * signing-origin processes would need sticky sessions (by package) in front of them.
 */
export class AvSignalHub {
  private readonly rooms = new Map<string, Map<string, Member>>();

  online(packageId: string): Set<string> {
    return new Set(this.rooms.get(packageId)?.keys() ?? []);
  }

  present(packageId: string) {
    return [...(this.rooms.get(packageId)?.values() ?? [])].map(({ peer }) => ({
      id: peer.participantId,
      name: peer.name,
      isHost: peer.isHost,
    }));
  }

  join(peer: AvPeer, socket: WebSocket): void {
    let room = this.rooms.get(peer.packageId);
    if (!room) {
      room = new Map();
      this.rooms.set(peer.packageId, room);
    }
    const previous = room.get(peer.participantId);
    room.set(peer.participantId, { peer, socket });
    if (previous && previous.socket !== socket) previous.socket.close(AV_CLOSE.replaced, "Connected elsewhere");
    this.broadcast(peer.packageId, { type: "joined", peer: publicPeer(peer) }, peer.participantId);
  }

  leave(peer: AvPeer, socket: WebSocket): void {
    const room = this.rooms.get(peer.packageId);
    const member = room?.get(peer.participantId);
    // a replaced socket closing must not remove its successor
    if (!room || !member || member.socket !== socket) return;
    room.delete(peer.participantId);
    if (room.size === 0) this.rooms.delete(peer.packageId);
    this.broadcast(peer.packageId, { type: "left", peer: publicPeer(peer) });
  }

  /** Whether this socket is the participant's current connection to the package's room. */
  isMember(peer: AvPeer, socket: WebSocket): boolean {
    return this.rooms.get(peer.packageId)?.get(peer.participantId)?.socket === socket;
  }

  sendTo(packageId: string, participantId: string, message: AvServerMessage): boolean {
    const member = this.rooms.get(packageId)?.get(participantId);
    if (!member) return false;
    send(member.socket, message);
    return true;
  }

  broadcast(packageId: string, message: AvServerMessage, exceptParticipantId?: string): void {
    for (const [participantId, member] of this.rooms.get(packageId) ?? []) {
      if (participantId !== exceptParticipantId) send(member.socket, message);
    }
  }

  /** The session is over: tell everybody and hang up. */
  close(packageId: string, status: "ENDED" | "COMPLETED"): void {
    const room = this.rooms.get(packageId);
    if (!room) return;
    this.broadcast(packageId, { type: "session", status });
    this.rooms.delete(packageId);
    for (const member of room.values()) member.socket.close(AV_CLOSE.sessionOver, "Session over");
  }

  closeAll(): void {
    for (const packageId of [...this.rooms.keys()]) {
      for (const member of this.rooms.get(packageId)?.values() ?? []) member.socket.terminate();
    }
    this.rooms.clear();
  }
}

const publicPeer = (peer: AvPeer) => ({ id: peer.participantId, name: peer.name, isHost: peer.isHost });

export function send(socket: WebSocket, message: AvServerMessage): void {
  // 1 = OPEN; a socket closing meanwhile simply misses the message
  if (socket.readyState === 1) socket.send(JSON.stringify(message));
}
