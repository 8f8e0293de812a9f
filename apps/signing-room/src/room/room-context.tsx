import type { EmbeddedEvent, SigningRoom } from "@signet/contract";
import { createContext, useContext } from "react";

export interface RoomApi {
  room: SigningRoom;
  setRoom(next: SigningRoom | ((previous: SigningRoom) => SigningRoom)): void;
  /** loads the room again (null when that failed: the failure is handled) */
  refresh(): Promise<SigningRoom | null>;
  /**
   * Handles an API error everywhere the same way (session ended → its page; package closed or turn
   * lost → reload the room; embedded → tell the parent) and answers the translated text to show inline.
   */
  fail(error: unknown): string;
  emit(event: EmbeddedEvent, detail?: string): void;
}

export const RoomContext = createContext<RoomApi | null>(null);

export function useRoom(): RoomApi {
  const api = useContext(RoomContext);
  if (!api) throw new Error("useRoom outside the room");
  return api;
}
